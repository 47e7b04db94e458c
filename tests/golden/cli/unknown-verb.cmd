gpufit catalog lst
