gpufit validate tests/golden/profile/inputs/context-too-long.yaml
