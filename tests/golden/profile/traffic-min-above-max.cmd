gpufit validate tests/golden/profile/inputs/traffic-min-above-max.yaml
