gpufit validate tests/golden/profile/inputs/inference-empty.yaml
