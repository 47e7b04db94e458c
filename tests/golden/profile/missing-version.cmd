gpufit validate tests/golden/profile/inputs/missing-version.yaml
