gpufit check tests/golden/check/inputs/nope.yaml
