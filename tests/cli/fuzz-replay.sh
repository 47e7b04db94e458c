#!/bin/bash
# Replays every fuzz regression input (tests/fuzz/regress/NAME/) and every
# seed through the harnesses built without libFuzzer (BUILD_DIR/fuzz/
# replay-NAME, any compiler): each input that once crashed a parser must now
# be read without a crash, a sanitizer report (SAN=1) or an undocumented exit
# code.  Usage: tests/cli/fuzz-replay.sh [BUILD_DIR]
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
. tests/fuzz/seeds.sh
names="profile plan prices refresh dcgm nvsmi dcgmi promjson diff k8slint hfconfig promapi hosts columns
       escape writers cli catalogdb azure"
work=$(mktemp -d)
mkdir "$work/tmp"
trap 'rm -rf "$work"' EXIT
failures=0
for name in $names; do
	bin="$B/fuzz/replay-$name"
	[ -x "$bin" ] || { echo "FAIL: $bin not built"; failures=$((failures + 1)); continue; }
	inputs=$(fuzz_seeds "$name")
	n_seeds=$(printf '%s\n' "$inputs" | wc -l)
	n_regress=0
	if [ -d "tests/fuzz/regress/$name" ]; then
		n_regress=$(find "tests/fuzz/regress/$name" -type f | wc -l)
		inputs="$inputs tests/fuzz/regress/$name"
	fi
	# shellcheck disable=SC2086
	if ! TMPDIR="$work/tmp" "$bin" $inputs >"$work/out" 2>"$work/err"; then
		echo "FAIL: $name: replay failed"
		grep -E 'ERROR|SUMMARY|runtime error|fuzz:' "$work/err" | head -n 10 | sed 's/^/    /'
		failures=$((failures + 1))
		continue
	fi
	want="replayed $((n_seeds + n_regress)) inputs"
	[ "$(cat "$work/out")" = "$want" ] ||
		{ echo "FAIL: $name: '$(cat "$work/out")', want '$want'"; failures=$((failures + 1)); }
	# The harness leaves nothing behind in its scratch directory.
	[ -z "$(ls -A "$work/tmp")" ] ||
		{ echo "FAIL: $name: left $(ls "$work/tmp")"; failures=$((failures + 1)); rm -rf "$work/tmp"/*; }
done
echo "fuzz-replay: $failures failures"
[ "$failures" = 0 ]
