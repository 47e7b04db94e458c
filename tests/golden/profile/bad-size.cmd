gpufit validate tests/golden/profile/inputs/bad-size.yaml
