gpufit recommend --currency EUR examples/chat-8b.yaml
