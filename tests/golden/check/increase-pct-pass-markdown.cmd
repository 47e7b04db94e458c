gpufit check -f markdown --baseline tests/golden/check/inputs/base-cheap.json --max-increase-pct 10 --max-monthly 1500 tests/golden/check/inputs/chat.yaml
