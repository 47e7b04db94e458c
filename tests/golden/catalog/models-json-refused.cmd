gpufit catalog models -f json
