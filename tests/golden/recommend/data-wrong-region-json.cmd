gpufit recommend -f json examples/data-wrong-region.yaml
