# fp4 on Blackwell is native: 8,190,735,000 x 0.5625 B = 4.29 GiB of weights.
# Its prompt GEMMs run at the GB200's dense FP4 rate (10000 TFLOPS), twice
# the FP8 rate it was sized at before the catalog had one: 148,350.5 x 2 =
# 296,701.0 prompt tokens/s (exactly, the prompt being compute-bound).
gpufit estimate --model qwen3-8b --gpu GB200-NVL72-186GB --precision fp4 --concurrency 8
