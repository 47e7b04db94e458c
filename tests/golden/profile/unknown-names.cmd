gpufit validate tests/golden/profile/inputs/unknown-names.yaml
