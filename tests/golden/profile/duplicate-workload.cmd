gpufit validate tests/golden/profile/inputs/duplicate-workload.yaml
