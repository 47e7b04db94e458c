gpufit recommend examples/small-fleet.yaml
