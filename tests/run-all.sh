#!/bin/bash
# The whole suite: unit tests, golden cases, CLI scripts (tests/cli/*.sh),
# run JOBS at a time (default: the number of processors).  Each test prints
# one "ok"/"FAIL" line as it finishes; the output of every failure follows,
# then a closing "N passed, N failed" line summed over every layer.
#   tests/run-all.sh [BUILD_DIR]        (JOBS=N, VALGRIND=1 as for run-golden.sh)
# Every test runs under `timeout` (TEST_TIMEOUT seconds, default 1200), so a
# test that hangs fails instead of holding the suite.
set -u
B=${1:-build}
cd "$(dirname "$0")/.." || exit 2
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
case "$JOBS" in '' | *[!0-9]* | 0) JOBS=2 ;; esac
limit=${TEST_TIMEOUT:-1200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tasks, longest first so that the pool ends together: the scripts and
# unit tests that took longest in a clean clone's run (clone builds, shells,
# browsers, servers, many runs of gpufit), then the golden shards, the other
# scripts and the unit tests.
tasks=()
slow="cli:clean-clone cli:completion cli:k8s-lint cli:one-fleet unit:test_recommend_fleets
      cli:html-reports cli:analyze-bills cli:analyze-limits cli:k8s cli:refresh
      cli:analyze-prometheus-auth cli:analyze-prometheus cli:faults cli:html-browser
      cli:refresh-fast cli:fuzz-replay cli:analyze-bench cli:bill unit:test_k8s_fleets"
for s in $slow; do
	case $s in
	cli:*) [ -f "tests/cli/${s#cli:}.sh" ] && tasks+=("cli ${s#cli:}") ;;
	unit:*) [ -x "$B/tests/${s#unit:}" ] && tasks+=("unit ${s#unit:}") ;;
	esac
done
shards=$((JOBS * 3))
for ((k = 0; k < shards; k++)); do
	tasks+=("golden $k/$shards")
done
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	s=$(basename "$t" .sh)
	case " $(echo $slow) " in *" cli:$s "*) continue ;; esac
	tasks+=("cli $s")
done
for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	case "$t" in *.d) continue ;; esac
	case " $(echo $slow) " in *" unit:$(basename "$t") "*) continue ;; esac
	tasks+=("unit $(basename "$t")")
done

# Runs task $2 (number $1): its output in $work/N.out, its status in $work/N.rc.
run_task() {
	local n=$1 kind=${2%% *} name=${2#* } rc t0=$SECONDS
	case "$kind" in
	unit) timeout -k 10 "$limit" "$B/tests/$name" >"$work/$n.out" 2>&1 ;;
	golden) GOLDEN_SHARD=$name timeout -k 10 "$limit" bash tests/run-golden.sh "$B" \
			>"$work/$n.out" 2>&1 ;;
	cli) timeout -k 10 "$limit" bash "tests/cli/$name.sh" "$B" >"$work/$n.out" 2>&1 ;;
	esac
	rc=$?
	[ "$rc" = 124 ] && echo "timed out after ${limit}s" >>"$work/$n.out"
	echo "$rc" >"$work/$n.rc"
	case "$kind" in
	golden) grep -E '^(golden: |FAIL )' "$work/$n.out" |
			sed "s|^golden: \(.*\)|golden $name: \1 ($((SECONDS - t0)) s)|" ;;
	*) if [ "$rc" = 0 ]; then echo "ok   $kind $name ($((SECONDS - t0)) s)"
	   else echo "FAIL $kind $name ($((SECONDS - t0)) s)"; fi ;;
	esac
}

running=0
for ((n = 0; n < ${#tasks[@]}; n++)); do
	if [ "$running" -ge "$JOBS" ]; then
		wait -n
		running=$((running - 1))
	fi
	run_task "$n" "${tasks[$n]}" &
	running=$((running + 1))
done
wait

# The tally: a golden shard counts its cases, any other task one test.
declare -A pass fail
for layer in unit golden cli; do pass[$layer]=0; fail[$layer]=0; done
failed=()
for ((n = 0; n < ${#tasks[@]}; n++)); do
	kind=${tasks[$n]%% *}
	rc=$(cat "$work/$n.rc" 2>/dev/null || echo 1)
	if [ "$kind" = golden ]; then
		line=$(grep -E '^golden: [0-9]+ passed, [0-9]+ failed' "$work/$n.out" | tail -n 1)
		if [ -n "$line" ] && { [ "$rc" = 0 ] || [ "$rc" = 1 ]; }; then
			p=$(printf '%s\n' "$line" | sed -E 's/golden: ([0-9]+) passed.*/\1/')
			f=$(printf '%s\n' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
		else
			p=0 f=1
		fi
		pass[golden]=$((pass[golden] + p)); fail[golden]=$((fail[golden] + f))
		[ "$rc" = 0 ] || failed+=("$n")
	elif [ "$rc" = 0 ]; then
		pass[$kind]=$((pass[$kind] + 1))
	else
		fail[$kind]=$((fail[$kind] + 1)); failed+=("$n")
	fi
done
for n in "${failed[@]+"${failed[@]}"}"; do
	echo
	echo "--- ${tasks[$n]} (exit $(cat "$work/$n.rc" 2>/dev/null || echo '?')):"
	case "${tasks[$n]}" in
	golden*) sed 's/^/    /' "$work/$n.out" | head -n 400 ;;
	*) tail -n 40 "$work/$n.out" | sed 's/^/    /' ;;
	esac
done
total_pass=0 total_fail=0
for layer in unit golden cli; do
	echo "$layer: ${pass[$layer]} passed, ${fail[$layer]} failed"
	total_pass=$((total_pass + pass[$layer])); total_fail=$((total_fail + fail[$layer]))
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
