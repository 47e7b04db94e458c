gpufit validate -f json tests/golden/profile/inputs/unit-slips.yaml
