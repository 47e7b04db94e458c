# Seven replicas on one A100 (7 of 8 memory slots, 7 of 7 compute slices), one
# on a dedicated T4 of the MIG plan and summarizer-3b on a T4 VM of its own
# (3,217.84 + 460.63 + 460.63 = 4,139.10, recommend's fleet total);
# html_check.py checks every slice and cost against `pack -f json`.
gpufit pack -f html examples/small-fleet.yaml
