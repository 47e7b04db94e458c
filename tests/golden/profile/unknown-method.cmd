gpufit validate tests/golden/profile/inputs/unknown-method.yaml
