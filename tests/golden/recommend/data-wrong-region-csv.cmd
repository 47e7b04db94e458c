gpufit recommend -f csv examples/data-wrong-region.yaml
