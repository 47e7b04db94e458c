gpufit validate tests/golden/profile/inputs/missing-name.yaml
