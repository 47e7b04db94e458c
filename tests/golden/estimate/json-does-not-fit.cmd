gpufit estimate --model llama-2-70b --gpu A100-SXM-80GB -f json
