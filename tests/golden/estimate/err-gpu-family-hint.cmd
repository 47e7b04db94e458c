gpufit estimate --model llama-3-8b --gpu T4
