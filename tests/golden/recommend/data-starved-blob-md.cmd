gpufit recommend -f markdown examples/data-starved-blob.yaml
