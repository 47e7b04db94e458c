gpufit check tests/golden/check/inputs/chat-budget.yaml
