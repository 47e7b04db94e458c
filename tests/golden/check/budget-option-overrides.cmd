gpufit check --max-monthly 2000 tests/golden/check/inputs/chat-budget.yaml
