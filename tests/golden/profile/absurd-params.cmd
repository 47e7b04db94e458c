gpufit validate tests/golden/profile/inputs/absurd-params.yaml
