gpufit estimate --model llama-3.2-1b --gpu A100-SXM-80GB --mig 3g.40gb -f json
