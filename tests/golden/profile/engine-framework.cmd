gpufit validate tests/golden/profile/inputs/engine-framework.yaml
