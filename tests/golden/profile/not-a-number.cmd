gpufit validate tests/golden/profile/inputs/not-a-number.yaml
