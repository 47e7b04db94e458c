gpufit estimate --model llama-2-7b --gpu A100-SXM-80GB --engine vlm
