gpufit validate tests/golden/profile/inputs/many-errors.yaml
