gpufit recommend --top many examples/chat-8b.yaml
