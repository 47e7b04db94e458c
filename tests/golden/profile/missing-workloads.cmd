gpufit validate tests/golden/profile/inputs/missing-workloads.yaml
