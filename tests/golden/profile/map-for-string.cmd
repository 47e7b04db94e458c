gpufit validate tests/golden/profile/inputs/map-for-string.yaml
