gpufit --version
