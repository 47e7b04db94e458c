gpufit check --fail-on data-starvd examples/chat-8b.yaml
