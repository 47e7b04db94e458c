gpufit pack tests/golden/pack/inputs/no-such-file.yaml
