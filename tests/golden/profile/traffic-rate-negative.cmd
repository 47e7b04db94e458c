gpufit validate tests/golden/profile/inputs/traffic-rate-negative.yaml
