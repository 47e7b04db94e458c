gpufit recommend --pricing payg examples/pretrain-7b.yaml
