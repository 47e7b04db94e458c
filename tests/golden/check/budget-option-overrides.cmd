gpufit check --max-monthly 3000 tests/golden/check/inputs/chat-budget.yaml
