gpufit validate tests/golden/profile/inputs/list-for-map.yaml
