# The gate options take the bounds of the profile's budget: keys
# (docs/profile.md: max_monthly and max_increase 0 to 1e9, max_increase_pct 0
# to 1000), and --max-catalog-age-days 0 to 36500; outside them a usage error
# (exit 2) naming the option and the bound.  Expected: exit 2 for 1e300, 2e9,
# -5, 1e9 %, 1001%, 36501, -1; exit 0 at the bounds themselves, with the limit
# printed in full ($1,000,000,000.00, not floating-point noise).
B=tests/golden/check/inputs/base.json P=tests/golden/check/inputs/chat.yaml
for a in "--max-monthly 1e300" "--max-increase 2e9" "--max-increase-pct -5" \
	"--max-increase-pct 1e9" "--max-increase-pct 1001%" "--max-catalog-age-days 36501" \
	"--max-catalog-age-days -1"; do
	# shellcheck disable=SC2086
	gpufit check --baseline "$B" $a "$P" >/dev/null 2>"$SCRATCH/ob.err"
	echo "$a: exit $? $(head -1 "$SCRATCH/ob.err")"
done
for a in "--max-monthly 1e9" "--max-increase 1e9" "--max-increase-pct 1000%" "--max-catalog-age-days 36500"; do
	# shellcheck disable=SC2086
	gpufit check --baseline "$B" $a "$P" >"$SCRATCH/ob.out" 2>/dev/null
	echo "$a: exit $? $(grep -o 'limit [^(]*[^ (]' "$SCRATCH/ob.out")"
done
