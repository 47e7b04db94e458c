gpufit recommend -f json examples/chat-8b.yaml
