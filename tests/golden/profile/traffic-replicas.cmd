gpufit validate tests/golden/profile/inputs/traffic-replicas.yaml
