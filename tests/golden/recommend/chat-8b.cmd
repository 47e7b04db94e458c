gpufit recommend examples/chat-8b.yaml
