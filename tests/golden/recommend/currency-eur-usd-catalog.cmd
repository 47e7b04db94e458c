gpufit recommend --details --currency EUR examples/chat-8b.yaml
