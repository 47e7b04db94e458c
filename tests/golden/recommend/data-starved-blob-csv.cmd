gpufit recommend -f csv examples/data-starved-blob.yaml
