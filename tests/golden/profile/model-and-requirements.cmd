gpufit validate tests/golden/profile/inputs/model-and-requirements.yaml
