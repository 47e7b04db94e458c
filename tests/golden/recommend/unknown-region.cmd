gpufit recommend --region westeurope2 examples/chat-8b.yaml
