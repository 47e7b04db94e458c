gpufit validate tests/golden/profile/inputs/empty.yaml
