gpufit check --max-catalog-age-days 30 --max-monthly 3000 tests/golden/check/inputs/chat.yaml
