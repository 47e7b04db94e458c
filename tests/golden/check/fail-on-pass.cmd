gpufit check --fail-on data-starved,cold-start examples/chat-8b.yaml
