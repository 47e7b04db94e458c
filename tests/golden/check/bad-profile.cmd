gpufit check tests/golden/check/inputs/bad.yaml
