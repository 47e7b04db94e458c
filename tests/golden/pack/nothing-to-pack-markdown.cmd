gpufit pack -f markdown examples/pretrain-7b.yaml
