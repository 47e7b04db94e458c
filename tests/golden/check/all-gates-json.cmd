gpufit check -f json --baseline tests/golden/check/inputs/base-cheap.json --max-monthly 3000 --max-increase 50 --max-increase-pct 120 --max-catalog-age-days 365 tests/golden/check/inputs/chat.yaml
