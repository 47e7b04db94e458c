gpufit recommend --headroom 15%% examples/chat-8b.yaml
