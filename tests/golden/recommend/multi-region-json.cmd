gpufit recommend -f json examples/multi-region.yaml
