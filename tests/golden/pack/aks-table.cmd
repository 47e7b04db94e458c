gpufit pack --strategy aks examples/small-fleet.yaml
