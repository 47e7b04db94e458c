gpufit version
