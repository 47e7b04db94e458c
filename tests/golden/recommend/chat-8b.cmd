gpufit recommend --details examples/chat-8b.yaml
