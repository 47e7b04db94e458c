gpufit check --max-catalog-age-days 200 tests/golden/check/inputs/chat.yaml
