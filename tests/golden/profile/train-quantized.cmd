gpufit validate tests/golden/profile/inputs/train-quantized.yaml
