gpufit recommend examples/data-cold-start.yaml
