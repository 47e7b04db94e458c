gpufit check --help
