# A bad expert_parallel value is the one error: the attention beside it is
# not also reported as lacking expert_parallel (exit 3).
gpufit validate tests/golden/profile/inputs/attention-bad-ep.yaml
