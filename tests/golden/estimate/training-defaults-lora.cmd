gpufit estimate --model llama-3-8b --gpu A100-SXM-80GB --mode training --method lora --tokens 1e8
