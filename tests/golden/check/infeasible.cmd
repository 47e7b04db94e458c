gpufit check --max-monthly 100000 tests/golden/check/inputs/infeasible.yaml
