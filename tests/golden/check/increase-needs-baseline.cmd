gpufit check --max-increase 10 tests/golden/check/inputs/chat.yaml
