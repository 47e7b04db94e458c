#!/bin/sh
# The whole suite: unit tests, golden cases, CLI scripts (tests/cli/*.sh).
# Prints a closing "N passed, N failed" line summed over every layer.
B=${1:-build}
cd "$(dirname "$0")/.." || exit 2
total_pass=0 total_fail=0
tally() {
	line=$(printf '%s\n' "$1" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	p=$(printf '%s\n' "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
	f=$(printf '%s\n' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
	total_pass=$((total_pass + ${p:-0}))
	total_fail=$((total_fail + ${f:-1}))
}
out=$(sh tests/run-unit.sh "$B" 2>&1); printf '%s\n' "$out"; tally "$out"
out=$(bash tests/run-golden.sh "$B" 2>&1); printf '%s\n' "$out"; tally "$out"
cli_pass=0 cli_fail=0
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	if out=$(bash "$t" "$B" 2>&1); then
		cli_pass=$((cli_pass + 1)); echo "ok   cli $(basename "$t")"
	else
		cli_fail=$((cli_fail + 1)); echo "FAIL cli $(basename "$t")"
		printf '%s\n' "$out" | tail -n 30 | sed 's/^/    /'
	fi
done
echo "cli: $cli_pass passed, $cli_fail failed"
total_pass=$((total_pass + cli_pass)); total_fail=$((total_fail + cli_fail))
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
