gpufit validate tests/golden/profile/inputs/err-hf-config-native.yaml
