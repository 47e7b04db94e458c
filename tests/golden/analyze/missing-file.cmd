gpufit analyze
