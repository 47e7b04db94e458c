gpufit validate tests/golden/profile/inputs/alias.yaml
