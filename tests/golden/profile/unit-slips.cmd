gpufit validate tests/golden/profile/inputs/unit-slips.yaml
