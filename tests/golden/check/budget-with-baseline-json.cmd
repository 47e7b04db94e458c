gpufit check -f json --baseline tests/golden/check/inputs/base.json tests/golden/check/inputs/chat-budget.yaml
