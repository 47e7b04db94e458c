gpufit check -f json --max-monthly 1000 tests/golden/check/inputs/chat.yaml
