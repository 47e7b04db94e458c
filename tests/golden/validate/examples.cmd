gpufit validate examples/*.yaml
