gpufit recommend -f csv examples/chat-8b.yaml
