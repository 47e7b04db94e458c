gpufit validate tests/golden/profile/inputs/unclosed-flow.yaml
