gpufit validate --strict examples/chat-8b.yaml
