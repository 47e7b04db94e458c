gpufit -f json validate examples/chat-8b.yaml tests/golden/profile/inputs/zero.yaml tests/golden/profile/inputs/no-such-file.yaml
