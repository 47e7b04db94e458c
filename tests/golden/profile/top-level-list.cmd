gpufit validate tests/golden/profile/inputs/top-level-list.yaml
