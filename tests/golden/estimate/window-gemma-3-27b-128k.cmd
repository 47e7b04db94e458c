# Sliding windows: 52 of 62 layers keep 1024 tokens under vLLM.  By hand
# (tests/unit/test_sizing.c test_gemma3_window_kv): 131072 tokens =
# 10 x 8192 x 131072 + 52 x 8192 x 1024 = 11,173,625,856 B = 10656 MiB per
# sequence beside 51.10 GiB of BF16 weights: fits one H100.
gpufit estimate --model gemma-3-27b --gpu H100-SXM-80GB --precision bf16 --input-tokens 126976 --output-tokens 4096 --concurrency 1
