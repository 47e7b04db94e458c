gpufit validate tests/golden/profile/inputs/current-count.yaml
