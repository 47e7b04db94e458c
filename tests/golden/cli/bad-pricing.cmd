gpufit catalog list --pricing monthly
