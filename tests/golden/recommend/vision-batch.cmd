gpufit recommend examples/vision-batch.yaml
