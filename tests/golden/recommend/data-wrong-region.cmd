gpufit recommend examples/data-wrong-region.yaml
