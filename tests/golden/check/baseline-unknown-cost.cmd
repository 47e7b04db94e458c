# A baseline whose total is unknown (null): the increase gates cannot be
# judged, so check fails them with the reason and exits 5 (no verdict), not 1
jq '.totals.monthly_cost = null' tests/golden/check/inputs/base.json > "$SCRATCH/base.json" || exit 99
gpufit check --baseline "$SCRATCH/base.json" --max-increase 10 tests/golden/check/inputs/chat.yaml
