gpufit pack --strategy single examples/small-fleet.yaml
