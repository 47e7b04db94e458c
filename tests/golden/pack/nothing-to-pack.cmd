gpufit pack examples/pretrain-7b.yaml
