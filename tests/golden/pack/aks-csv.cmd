gpufit -f csv pack --strategy aks examples/small-fleet.yaml
