gpufit recommend --details examples/data-starved-blob.yaml
