gpufit check --baseline tests/golden/check/inputs/base-cheap.json --max-increase 50 tests/golden/check/inputs/chat.yaml
