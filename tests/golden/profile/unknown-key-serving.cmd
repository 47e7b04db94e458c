gpufit validate tests/golden/profile/inputs/unknown-key-serving.yaml
