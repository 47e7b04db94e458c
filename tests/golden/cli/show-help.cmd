gpufit catalog show --help
