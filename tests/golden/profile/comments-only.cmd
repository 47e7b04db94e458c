gpufit validate tests/golden/profile/inputs/comments-only.yaml
