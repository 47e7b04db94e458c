gpufit recommend examples/data-starved-blob.yaml
