gpufit -f json catalog models
