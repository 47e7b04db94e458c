gpufit check --max-monthy 10 tests/golden/check/inputs/chat.yaml
