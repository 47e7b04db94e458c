gpufit validate tests/golden/profile/inputs/no-such-file.yaml
