gpufit validate tests/golden/profile/inputs/unknown-precision.yaml
