gpufit recommend -f csv examples/multi-region.yaml
