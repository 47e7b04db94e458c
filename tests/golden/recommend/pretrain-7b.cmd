gpufit recommend --details examples/pretrain-7b.yaml
