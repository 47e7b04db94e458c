gpufit validate examples/chat-8b.yaml examples/small-fleet.yaml examples/multi-region.yaml
