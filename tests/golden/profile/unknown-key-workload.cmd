gpufit validate tests/golden/profile/inputs/unknown-key-workload.yaml
