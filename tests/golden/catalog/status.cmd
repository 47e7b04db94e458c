gpufit catalog status
