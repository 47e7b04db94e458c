gpufit estimate --model llama-3-8x --gpu H100-SXM-80GB
