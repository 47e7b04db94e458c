# A workload that had a price in the baseline ($1,000.00) and has no feasible
# option today: its delta is unknown, not -$1,000.00 (the cost is not known
# to have gone down); the gate fails on the infeasible workload (exit 5).
jq '.workloads += [(.workloads[0] | .name = "too-big" | .recommendation.monthly_cost = 1000)]' \
	tests/golden/check/inputs/base.json > "$SCRATCH/base.json" || exit 99
gpufit check -f markdown --baseline "$SCRATCH/base.json" tests/golden/check/inputs/infeasible.yaml
