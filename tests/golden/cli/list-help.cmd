gpufit catalog list -h
