gpufit recommend -f json examples/data-cold-start.yaml
