gpufit validate tests/golden/profile/inputs/zero.yaml
