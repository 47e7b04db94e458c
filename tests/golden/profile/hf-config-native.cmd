gpufit validate tests/golden/profile/inputs/hf-config-native.yaml
