gpufit validate tests/golden/profile/inputs/training-no-section.yaml
