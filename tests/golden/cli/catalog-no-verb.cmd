gpufit catalog
