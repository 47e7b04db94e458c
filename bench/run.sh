#!/bin/sh
# Runs every benchmark (bench/*/run.sh) against the build in $1 (default build).
# Each prints its own table, with its baseline measured in the same run.
B=${1:-build}
cd "$(dirname "$0")/.." || exit 2
status=0
for b in bench/*/run.sh; do
	[ -f "$b" ] || continue
	echo "== $(dirname "$b" | sed 's|bench/||')"
	sh "$b" "$B" || status=1
	echo
done
exit $status
