gpufit validate tests/golden/profile/inputs/tabs.yaml
