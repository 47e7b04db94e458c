gpufit validate tests/golden/profile/inputs/malformed.yaml
