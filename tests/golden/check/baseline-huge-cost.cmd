# A baseline total of 1e308 (hand-edited or corrupted) is invalid input: exit 3
# naming the file and the field, before any delta is computed (it printed
# "$inf" and "-nan%" and exited 1).  A monthly cost read is 0 to 1e12.
jq '.totals.monthly_cost = 1e308' tests/golden/check/inputs/base.json > "$SCRATCH/b_hugecost.json" || exit 99
R=$PWD
cd "$SCRATCH" && gpufit check --baseline b_hugecost.json --max-increase-pct 10 "$R/tests/golden/check/inputs/chat.yaml"
