gpufit check --baseline tests/golden/check/inputs/base-invalid.json tests/golden/check/inputs/chat.yaml
