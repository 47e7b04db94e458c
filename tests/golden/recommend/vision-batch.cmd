gpufit recommend --details examples/vision-batch.yaml
