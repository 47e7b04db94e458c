gpufit check --max-monthly 10
