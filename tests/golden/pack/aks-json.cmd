gpufit -f json pack --strategy aks examples/small-fleet.yaml
