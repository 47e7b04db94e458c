gpufit validate tests/golden/profile/inputs/budget.yaml
