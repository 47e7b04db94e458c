gpufit recommend -f markdown examples/chat-8b.yaml
