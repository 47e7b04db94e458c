gpufit validate tests/golden/profile/inputs/traffic-peak-below-1.yaml
