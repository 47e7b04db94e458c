gpufit pack examples/small-fleet.yaml
