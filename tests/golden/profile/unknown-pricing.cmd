gpufit validate tests/golden/profile/inputs/unknown-pricing.yaml
