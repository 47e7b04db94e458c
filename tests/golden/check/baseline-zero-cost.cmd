# A baseline that cost nothing: any cost now is an unbounded increase, a
# verdict on known values, so the gate fails with exit 1 (not 5, no verdict)
jq '.totals.monthly_cost = 0 | .workloads[].recommendation.monthly_cost = 0' tests/golden/check/inputs/base.json > "$SCRATCH/base.json" || exit 99
gpufit check --baseline "$SCRATCH/base.json" --max-increase-pct 10 tests/golden/check/inputs/chat.yaml
