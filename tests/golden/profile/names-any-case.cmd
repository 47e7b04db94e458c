gpufit validate tests/golden/profile/inputs/names-any-case.yaml
