gpufit validate tests/golden/profile/inputs/unknown-unit.yaml
