gpufit
