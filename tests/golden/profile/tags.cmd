gpufit validate tests/golden/profile/inputs/tags.yaml
