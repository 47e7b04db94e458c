# fp4 on an H100: no FP4 tensor cores, but an FP4 weight-only kernel (fp4w):
# weights stored at 4.5 bits (NVFP4: 4 bits + one FP8 scale per 16 = 0.5625 B),
# math in 16-bit.  qwen3-8b: 8.19e9 params x 0.5625 B = 4.6 GB of weights.
gpufit estimate --model qwen3-8b --gpu H100-SXM-80GB --precision fp4
