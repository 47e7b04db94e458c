gpufit check -f markdown --baseline tests/golden/check/inputs/base.json --max-increase 0 tests/golden/check/inputs/chat.yaml
