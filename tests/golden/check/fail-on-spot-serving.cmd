gpufit check --fail-on spot-serving tests/golden/check/inputs/spot-serving.yaml
