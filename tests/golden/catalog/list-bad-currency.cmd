gpufit catalog list --currency 12
