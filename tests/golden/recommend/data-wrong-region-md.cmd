gpufit recommend -f markdown examples/data-wrong-region.yaml
