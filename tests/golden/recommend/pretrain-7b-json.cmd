gpufit recommend -f json examples/pretrain-7b.yaml
