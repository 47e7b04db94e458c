gpufit recommend --details examples/data-wrong-region.yaml
