gpufit validate tests/golden/profile/inputs/unknown-type.yaml
