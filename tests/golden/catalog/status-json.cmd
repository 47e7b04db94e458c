gpufit catalog status -f json
