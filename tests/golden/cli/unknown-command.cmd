gpufit recomend examples/chat-8b.yaml
