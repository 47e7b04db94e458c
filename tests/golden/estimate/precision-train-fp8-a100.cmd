gpufit estimate --model llama-3-8b --gpu A100-SXM-80GB --gpus 8 --mode training --precision fp8
