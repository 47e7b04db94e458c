gpufit validate tests/golden/profile/inputs/hostile-names.yaml
