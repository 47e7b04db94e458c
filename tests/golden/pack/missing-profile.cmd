gpufit pack
