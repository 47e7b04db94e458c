gpufit recommend -f json examples/data-starved-blob.yaml
