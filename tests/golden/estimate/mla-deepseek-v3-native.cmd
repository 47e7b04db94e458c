# MLA: one 512 + 64 latent per layer, the same on all 8 tensor-parallel ranks.
# By hand (tests/unit/test_sizing.c test_deepseek_mla_kv): 61 x 576 x 2 B =
# 70,272 B/token, 2048 tokens = 143,917,056 B per sequence, 16 sequences on
# each of 8 GPUs = 17.16 GiB. Weights: FP8 with 128x128 block scales, 16-bit
# embeddings and the 13.46 B-parameter MTP module = 639.36 GiB.
# moe_layer_us: 58 routed layers x 40 us = 2.32 ms in every step and in the
# first token (17.17 -> 19.49 ms per output token, 56.93 -> 59.25 ms TTFT).
gpufit -f json estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 16
