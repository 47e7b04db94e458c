gpufit recommend --details --pricing payg examples/pretrain-7b.yaml
