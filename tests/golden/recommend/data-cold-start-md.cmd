gpufit recommend -f markdown examples/data-cold-start.yaml
