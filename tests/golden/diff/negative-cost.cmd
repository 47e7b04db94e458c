# a negative cost, total or a workload's, is invalid (exit 3)
jq '.workloads[0].recommendation.monthly_cost = -1' tests/golden/diff/inputs/head.json > "$SCRATCH/neg.json" || exit 99
R=$PWD
cd "$SCRATCH" && gpufit diff "$R/tests/golden/diff/inputs/base.json" neg.json
