gpufit estimate --model llama-2-7b --gpu H100-SXM-80GB --gpus 8 --mode training --method full --zero-stage 3 --tokens 2e9 -f json
