gpufit -f json catalog gpus
