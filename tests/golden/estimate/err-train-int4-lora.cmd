gpufit estimate --model llama-3.1-8b --gpu A100-SXM-80GB --mode training --method lora --precision int4
