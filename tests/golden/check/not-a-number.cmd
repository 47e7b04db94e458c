gpufit check --max-monthly lots tests/golden/check/inputs/chat.yaml
