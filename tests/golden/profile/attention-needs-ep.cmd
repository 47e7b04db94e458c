# serving.attention says where attention runs under expert parallelism;
# without expert_parallel: true it is an error at the value (exit 3).
gpufit validate tests/golden/profile/inputs/attention-needs-ep.yaml
