gpufit validate
