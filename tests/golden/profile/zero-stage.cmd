gpufit validate tests/golden/profile/inputs/zero-stage.yaml
