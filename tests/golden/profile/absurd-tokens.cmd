gpufit validate tests/golden/profile/inputs/absurd-tokens.yaml
