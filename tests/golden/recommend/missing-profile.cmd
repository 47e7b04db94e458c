gpufit recommend
