gpufit recommend -f csv examples/data-cold-start.yaml
