gpufit recommend examples/multi-region.yaml
