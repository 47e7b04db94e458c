gpufit validate tests/golden/profile/inputs/fractional.yaml
