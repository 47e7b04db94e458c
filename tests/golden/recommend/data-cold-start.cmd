gpufit recommend --details examples/data-cold-start.yaml
