# An unknown term is a usage error (exit 2).
gpufit check --pricing weekly tests/golden/check/inputs/chat.yaml
