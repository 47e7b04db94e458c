gpufit pack --strategy mixed examples/small-fleet.yaml
