gpufit recommend --details tests/golden/recommend/inputs/train-fp8-ampere.yaml
