# Seven replicas on one A100 (7 of 8 memory slots, 7 of 7 compute slices), two
# on dedicated T4s; html_check.py checks every slice against `pack -f json`.
gpufit pack -f html examples/small-fleet.yaml
