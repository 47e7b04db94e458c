#!/bin/bash
# Runs the golden CLI cases tests/golden/*/*.cmd (format: docs/HACKING.md).
# UPDATE=1 rewrites the expected files from the current output.
# A second argument limits the run to cases whose AREA/NAME matches that glob
# (e.g. 'catalog/*'); use it with UPDATE=1 to rewrite only your own area.
set -u
B=${1:-build}
only=${2:-*}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/$B"
[ -x "$bin/gpufit" ] || { echo "golden: $bin/gpufit not built" >&2; exit 2; }
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# VALGRIND=1: every gpufit of every case runs under valgrind (memcheck, full
# leak check); a case fails on any memory error or definite/indirect leak.
path_bin=$bin
if [ "${VALGRIND:-0}" = 1 ]; then
	command -v valgrind >/dev/null || { echo "golden: VALGRIND=1 but no valgrind" >&2; exit 2; }
	path_bin="$work/valgrind-bin"
	mkdir -p "$path_bin"
	{
		echo '#!/bin/sh'
		echo 'exec valgrind -q --error-exitcode=99 --leak-check=full \'
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
	scratch="$work/$name"
	mkdir -p "$scratch/home"
	(
		cd "$root" || exit 99
		unset GPUFIT_CATALOG XDG_DATA_HOME
		export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share"
		export NO_COLOR=1 GPUFIT_NOW=2026-11-30T00:00:00Z SCRATCH="$scratch" PATH="$path_bin:$PATH" LC_ALL=C.UTF-8
		bash "$cmd" </dev/null >"$scratch/out" 2>"$scratch/err"
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
