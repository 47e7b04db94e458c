gpufit validate tests/golden/profile/inputs/deep.yaml
