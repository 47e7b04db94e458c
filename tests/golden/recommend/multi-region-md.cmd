gpufit recommend -f markdown examples/multi-region.yaml
