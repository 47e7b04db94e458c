gpufit pack tests/golden/pack/inputs/many-small.yaml
