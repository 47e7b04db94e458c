gpufit check --baseline tests/golden/check/inputs/base-no-cost.json tests/golden/check/inputs/chat.yaml
