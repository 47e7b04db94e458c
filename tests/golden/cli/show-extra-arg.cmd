gpufit catalog show A B
