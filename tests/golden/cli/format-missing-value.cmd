gpufit catalog list --format
