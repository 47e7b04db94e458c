gpufit recommend --hours-per-month 745 examples/chat-8b.yaml
