gpufit validate tests/golden/profile/inputs/null-values.yaml
