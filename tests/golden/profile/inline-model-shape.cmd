gpufit validate tests/golden/profile/inputs/inline-model-shape.yaml
