gpufit catalog list --gpuu H100
