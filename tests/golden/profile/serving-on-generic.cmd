gpufit validate tests/golden/profile/inputs/serving-on-generic.yaml
