gpufit validate tests/golden/profile/inputs/not-utf8.yaml
