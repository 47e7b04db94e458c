gpufit validate tests/golden/profile/inputs/traffic-share-above-1.yaml
