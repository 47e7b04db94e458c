gpufit catalog gpus -f csv
