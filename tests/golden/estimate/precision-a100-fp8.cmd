gpufit estimate --model llama-3-8b --gpu A100-SXM-80GB --precision fp8 -f json
