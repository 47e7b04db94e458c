gpufit recommend examples/pretrain-7b.yaml
