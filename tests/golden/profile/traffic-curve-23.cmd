gpufit validate tests/golden/profile/inputs/traffic-curve-23.yaml
