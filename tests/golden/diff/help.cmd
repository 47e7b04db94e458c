gpufit diff --help
