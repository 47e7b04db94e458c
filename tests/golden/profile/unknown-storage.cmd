gpufit validate tests/golden/profile/inputs/unknown-storage.yaml
