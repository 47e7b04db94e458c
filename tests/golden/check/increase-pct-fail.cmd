gpufit check --baseline tests/golden/check/inputs/base-cheap.json --max-increase-pct 5 tests/golden/check/inputs/chat.yaml
