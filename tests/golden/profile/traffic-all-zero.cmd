gpufit validate tests/golden/profile/inputs/traffic-all-zero.yaml
