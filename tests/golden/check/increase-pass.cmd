gpufit check -b tests/golden/check/inputs/base-cheap.json --max-increase 100 tests/golden/check/inputs/chat.yaml
