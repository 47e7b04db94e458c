# A Hugging Face config.json read offline, sized in its released precisions:
# MXFP4 experts, BF16 rest.  By hand (tests/unit/test_hf_config.c
# test_same_sizing): 114,661,785,600 x 0.53125 + 2,167,371,072 x 2 =
# 65,248,815,744 B = 60.77 GiB; native on Blackwell.  moe_layer_us: 36
# routed layers x 40 us = 1.44 ms a step (36.71 -> 38.15 ms per token).
gpufit estimate --hf-config tests/fixtures/hf_config/gpt-oss-120b.json --gpu GB200-NVL72-186GB --precision native
