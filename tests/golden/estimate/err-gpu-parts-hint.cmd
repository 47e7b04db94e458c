gpufit estimate --model llama-3-8b --gpu A100-80GB
