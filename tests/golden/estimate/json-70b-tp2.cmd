gpufit estimate --model llama-3-70b --gpu H100-SXM-80GB --gpus 2 --precision fp8 --input-tokens 128 --output-tokens 2048 -f json
