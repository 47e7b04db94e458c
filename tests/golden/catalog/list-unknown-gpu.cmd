gpufit catalog list --gpu B300
