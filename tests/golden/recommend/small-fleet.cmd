gpufit recommend --details examples/small-fleet.yaml
