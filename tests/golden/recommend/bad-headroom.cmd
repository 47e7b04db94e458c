gpufit recommend --headroom 500 examples/chat-8b.yaml
