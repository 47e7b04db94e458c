gpufit validate -f csv examples/vision-batch.yaml tests/golden/profile/inputs/negative.yaml
