#!/bin/sh
# Runs every cmocka unit test executable in BUILD/tests.  Prints one line per
# executable and a closing "N passed, N failed" line; exits 1 on any failure.
B=${1:-build}
pass=0 fail=0
for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	case "$t" in *.d) continue ;; esac
	if out=$(cd "$(dirname "$0")/.." && timeout -k 10 600 "$t" 2>&1); then
		pass=$((pass + 1))
		echo "ok   unit $(basename "$t")"
	else
		fail=$((fail + 1))
		echo "FAIL unit $(basename "$t")"
		printf '%s\n' "$out" | sed 's/^/    /'
	fi
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
