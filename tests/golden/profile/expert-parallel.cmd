gpufit validate tests/golden/profile/inputs/expert-parallel.yaml
