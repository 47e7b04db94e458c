gpufit catalog list
