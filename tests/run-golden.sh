#!/bin/bash
# Runs the golden CLI cases tests/golden/*/*.cmd (format: docs/HACKING.md).
# UPDATE=1 rewrites the expected files from the current output.
# A second argument limits the run to cases whose AREA/NAME matches that glob
# (e.g. 'catalog/*'); use it with UPDATE=1 to rewrite only your own area.
# GOLDEN_SHARD=K/N runs only the cases whose position in the sorted list is K
# modulo N (tests/run-all.sh runs N shards side by side).
set -u
B=${1:-build}
only=${2:-*}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/$B"
[ -x "$bin/gpufit" ] || { echo "golden: $bin/gpufit not built" >&2; exit 2; }
# Without GOLDEN_SHARD, JOBS shards (default: the number of processors) run
# side by side and their tallies are summed.
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in '' | *[!0-9]* | 0) jobs=1 ;; esac
if [ -z "${GOLDEN_SHARD:-}" ] && [ "$jobs" -gt 1 ]; then
	outs=$(mktemp -d)
	trap 'rm -rf "$outs"' EXIT
	for ((k = 0; k < jobs; k++)); do
		GOLDEN_SHARD=$k/$jobs bash "$0" "$@" >"$outs/$k" 2>&1 &
	done
	wait
	pass=0 fail=0
	for ((k = 0; k < jobs; k++)); do
		grep -v -E '^golden: [0-9]+ passed, [0-9]+ failed$' "$outs/$k"
		line=$(grep -E '^golden: [0-9]+ passed, [0-9]+ failed$' "$outs/$k" | tail -n 1)
		if [ -z "$line" ]; then
			fail=$((fail + 1))
			echo "FAIL golden shard $k/$jobs: no tally"
			continue
		fi
		set -- $line
		pass=$((pass + $2)) fail=$((fail + $4))
	done
	echo "golden: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi
shard_k=0 shard_n=1
case "${GOLDEN_SHARD:-}" in
'') ;;
*/*) shard_k=${GOLDEN_SHARD%/*} shard_n=${GOLDEN_SHARD#*/} ;;
*) echo "golden: GOLDEN_SHARD='$GOLDEN_SHARD': want K/N" >&2; exit 2 ;;
esac
pass=0 fail=0 index=-1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# VALGRIND=1: every gpufit of every case runs under valgrind (memcheck, full
# leak check; without inlined frames in its reports and without a gdb
# server, which saves about a tenth of each run; into gpufit-net too, which
# gpufit runs in its place for catalog refresh and analyze --prometheus); a
# case fails on any memory error or definite/indirect leak.
path_bin=$bin
if [ "${VALGRIND:-0}" = 1 ]; then
	command -v valgrind >/dev/null || { echo "golden: VALGRIND=1 but no valgrind" >&2; exit 2; }
	path_bin="$work/valgrind-bin"
	mkdir -p "$path_bin"
	{
		echo '#!/bin/sh'
		echo 'exec valgrind -q --error-exitcode=99 --leak-check=full --read-inline-info=no --vgdb=no --trace-children=yes \'
		echo '	--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \'
		echo "	--log-file=\"\$SCRATCH/valgrind.%p\" \"$bin/gpufit\" \"\$@\""
	} >"$path_bin/gpufit"
	chmod +x "$path_bin/gpufit"
	# cases that copy the build's catalog find it beside gpufit
	ln -s "$bin/catalog.db" "$path_bin/catalog.db"
fi
for cmd in "$root"/tests/golden/*/*.cmd; do
	[ -f "$cmd" ] || continue
	base=${cmd%.cmd}
	name=${base#"$root"/tests/golden/}
	# shellcheck disable=SC2254
	case "$name" in $only) ;; *) continue ;; esac
	index=$((index + 1))
	[ $((index % shard_n)) = "$shard_k" ] || continue
	scratch="$work/$name"
	mkdir -p "$scratch/home"
	(
		cd "$root" || exit 99
		unset GPUFIT_CATALOG XDG_DATA_HOME
		export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share"
		export NO_COLOR=1 GPUFIT_NOW=2026-11-30T00:00:00Z SCRATCH="$scratch" PATH="$path_bin:$PATH" LC_ALL=C.UTF-8
		# a case that hangs fails (GOLDEN_CASE_TIMEOUT seconds, default 600)
		timeout -k 5 "${GOLDEN_CASE_TIMEOUT:-600}" bash "$cmd" </dev/null \
			>"$scratch/out" 2>"$scratch/err"
		echo $? >"$scratch/rc"
	)
	rc=$(cat "$scratch/rc")
	want_rc=0
	[ -f "$base.rc" ] && want_rc=$(cat "$base.rc")
	if [ "${UPDATE:-0}" = 1 ]; then
		cp "$scratch/out" "$base.out"
		if [ -f "$base.err" ] || [ -s "$scratch/err" ]; then cp "$scratch/err" "$base.err"; fi
		if [ "$rc" != 0 ]; then echo "$rc" >"$base.rc"; else rm -f "$base.rc"; fi
		want_rc=$rc
	fi
	why=""
	[ "$rc" = "$want_rc" ] || why="exit $rc, want $want_rc"
	if [ -z "$why" ] && ! cmp -s "$scratch/out" "$base.out"; then
		why="stdout differs"
		diff -u "$base.out" "$scratch/out" | head -40 >"$scratch/diff"
	fi
	if [ -z "$why" ] && [ -f "$base.err" ] && ! cmp -s "$scratch/err" "$base.err"; then
		why="stderr differs"
		diff -u "$base.err" "$scratch/err" | head -40 >"$scratch/diff"
	fi
	if [ "${VALGRIND:-0}" = 1 ]; then
		for log in "$scratch"/valgrind.*; do
			[ -s "$log" ] || continue
			why="valgrind: $(grep -m1 -E 'Invalid|uninitialised|definitely|indirectly|ERROR SUMMARY' "$log")"
			sed 's/^/    /' "$log" | head -40 >"$scratch/diff"
			break
		done
	fi
	if [ -z "$why" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL golden $name: $why"
		[ -f "$scratch/diff" ] && sed 's/^/    /' "$scratch/diff"
		if [ "$why" = "exit $rc, want $want_rc" ]; then head -5 "$scratch/err" | sed 's/^/    stderr: /'; fi
	fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
