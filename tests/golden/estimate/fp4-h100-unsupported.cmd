# fp4 (NVFP4) needs FP4 tensor cores (Blackwell) or an FP4 weight-only kernel
# (precisions fp4w); the H100's catalog row has neither: exit 5 with the reason.
gpufit estimate --model qwen3-8b --gpu H100-SXM-80GB --precision fp4
