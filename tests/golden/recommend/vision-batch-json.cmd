gpufit recommend -f json examples/vision-batch.yaml
