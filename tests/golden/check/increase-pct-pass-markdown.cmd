gpufit check -f markdown --baseline tests/golden/check/inputs/base-cheap.json --max-increase-pct 120 --max-monthly 3000 tests/golden/check/inputs/chat.yaml
