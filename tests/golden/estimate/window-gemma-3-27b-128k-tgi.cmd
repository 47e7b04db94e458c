# The same without window-only caching (TGI has no engine_kv_window_only row):
# 62 x 8192 x 131072 = 66,571,993,088 B = 62 GiB per sequence: does not fit
# (tests/unit/test_sizing.c test_gemma3_window_kv), exit 5.
gpufit estimate --model gemma-3-27b --gpu H100-SXM-80GB --precision bf16 --input-tokens 126976 --output-tokens 4096 --concurrency 1 --engine tgi
