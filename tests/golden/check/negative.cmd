gpufit check --max-monthly -5 tests/golden/check/inputs/chat.yaml
