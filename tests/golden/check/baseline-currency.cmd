gpufit check --baseline tests/golden/check/inputs/base-eur.json --max-increase 10 tests/golden/check/inputs/chat.yaml
