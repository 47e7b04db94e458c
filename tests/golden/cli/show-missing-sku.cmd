gpufit catalog show
