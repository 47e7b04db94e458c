gpufit validate tests/golden/profile/inputs/currency.yaml
