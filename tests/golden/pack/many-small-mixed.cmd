gpufit pack --strategy mixed tests/golden/pack/inputs/many-small.yaml
