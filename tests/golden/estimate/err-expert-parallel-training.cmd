gpufit estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --mode training --expert-parallel
