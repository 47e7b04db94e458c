gpufit pack tests/golden/pack/inputs/unplaced.yaml
