gpufit validate tests/golden/profile/inputs/duplicate-key.yaml
