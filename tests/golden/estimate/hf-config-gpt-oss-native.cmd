# A Hugging Face config.json read offline, sized in its released precisions:
# MXFP4 experts, BF16 rest.  By hand (tests/unit/test_hf_config.c
# test_same_sizing): 114,661,785,600 x 0.53125 + 2,167,371,072 x 2 =
# 65,248,815,744 B = 60.77 GiB; native on Blackwell.  moe_layer_us: 36
# routed layers x 35 us = 1.26 ms a step (36.71 -> 37.97 ms per token).
# moe_pair_ns: 256 sequences and 4 prompt tokens an output token (1,024 /
# 256) make 1,280 tokens a step, 5,120 routed pairs a layer x 36 x 16 ns =
# 2.949 ms (40.92 ms); the prompt's 1,024 x 4 x 36 x 16 ns = 2.359 ms on the
# first token (24.01 -> 26.36 ms).
gpufit estimate --hf-config tests/fixtures/hf_config/gpt-oss-120b.json --gpu GB200-NVL72-186GB --precision native
