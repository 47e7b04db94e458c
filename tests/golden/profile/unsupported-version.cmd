gpufit validate tests/golden/profile/inputs/unsupported-version.yaml
