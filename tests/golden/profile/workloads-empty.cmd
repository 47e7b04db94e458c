gpufit validate tests/golden/profile/inputs/workloads-empty.yaml
