# A mixture of experts in its released precision (bf16).  By hand
# (tests/unit/test_sizing.c test_qwen3_moe_decode_bytes): weights
# 61,064,246,000 B = 56.87 GiB; KV 48 x 2 x 4 x 128 x 2 B = 96 KiB/token,
# 1280 tokens = 120 MiB per sequence; a step of 64 sequences reads
# 60.1 GB of weights (98 % of the experts), one of 1 only 6.7 GB.
gpufit estimate --model qwen3-30b-a3b --gpu H100-SXM-80GB --precision native --concurrency 64
