gpufit validate tests/golden/profile/inputs/sdxl-preset.yaml
