gpufit validate tests/golden/profile/inputs/region-list.yaml
