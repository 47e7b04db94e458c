gpufit catalog list --currency EUR
