gpufit check -b tests/golden/check/inputs/base-cheap.json --max-increase 1500 tests/golden/check/inputs/chat.yaml
