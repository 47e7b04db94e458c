gpufit validate tests/golden/profile/inputs/unknown-key-top.yaml
