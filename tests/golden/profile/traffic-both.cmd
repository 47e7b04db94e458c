gpufit validate tests/golden/profile/inputs/traffic-both.yaml
