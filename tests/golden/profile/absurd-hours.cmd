gpufit validate tests/golden/profile/inputs/absurd-hours.yaml
