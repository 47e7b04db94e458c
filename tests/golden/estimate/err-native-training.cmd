gpufit estimate --model qwen3-8b --gpu H100-SXM-80GB --precision native --mode training
