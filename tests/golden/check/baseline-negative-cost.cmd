# A negative baseline cost is invalid (exit 3): it made a +$5,462.58 increase
# read as -5462.58 % and pass a 10 % gate.
jq '.totals.monthly_cost = -100' tests/golden/check/inputs/base.json > "$SCRATCH/b_negcost.json" || exit 99
R=$PWD
cd "$SCRATCH" && gpufit check --baseline b_negcost.json --max-increase-pct 10 "$R/tests/golden/check/inputs/chat.yaml"
