gpufit recommend --currency 1x examples/chat-8b.yaml
