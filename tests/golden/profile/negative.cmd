gpufit validate tests/golden/profile/inputs/negative.yaml
