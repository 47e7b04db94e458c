gpufit pack --region eastsu examples/small-fleet.yaml
