gpufit -f json pack tests/golden/pack/inputs/unplaced.yaml
