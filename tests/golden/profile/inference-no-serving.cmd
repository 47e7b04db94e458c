gpufit validate tests/golden/profile/inputs/inference-no-serving.yaml
