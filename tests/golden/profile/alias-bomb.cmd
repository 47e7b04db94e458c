gpufit validate tests/golden/profile/inputs/alias-bomb.yaml
