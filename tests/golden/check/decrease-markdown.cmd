# A baseline that cost more than today's recommendation (one whole
# NC24ads_A100_v4, $2,681.29): chat-8b was on two of them, $5,362.58.
jq '.workloads[0].recommendation.monthly_cost = 5362.58 | .totals.monthly_cost = 5745.62' \
	tests/golden/check/inputs/base.json > "$SCRATCH/base.json" || exit 99
gpufit check -f markdown --baseline "$SCRATCH/base.json" --max-increase 0 tests/golden/check/inputs/chat.yaml
