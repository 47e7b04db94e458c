gpufit check tests/golden/check/inputs/chat.yaml
