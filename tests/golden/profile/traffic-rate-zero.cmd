gpufit validate tests/golden/profile/inputs/traffic-rate-zero.yaml
