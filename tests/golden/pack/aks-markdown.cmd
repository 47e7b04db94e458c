gpufit -f markdown pack --strategy aks examples/small-fleet.yaml
