gpufit pack examples/data-cold-start.yaml
