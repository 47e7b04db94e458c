gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --gpus 1000
