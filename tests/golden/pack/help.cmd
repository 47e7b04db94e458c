gpufit pack --help
