#!/bin/sh
# Benchmark of recommend and pack at the profile's limits, each against a
# baseline measured in the same run:
#
#   replicas   10 small inference workloads x 10,000 replicas against two
#              baselines, each with its own target <= 5x:
#              - the same 100,000 replicas as 100,000 one-replica workloads
#                (each replica its own workload, the ten requirements in
#                turn): a replica must cost no more than a workload;
#              - the same ten workloads with one replica each (the MIG
#                packer works on classes of interchangeable replicas, so its
#                moves cost what they cost for one replica; but the plan and
#                the output stay per replica, 100,000 entries of JSON against
#                ten, so this ratio is bounded by the writers' cost per
#                entry).  Ten one-replica workloads take about 10 ms, under
#                the 10 ms resolution of the clock: their time is the mean of
#                TEN_RUNS (default 20) runs in one timed shell.
#   workloads  the bench/recommend mix (bench/recommend/gen.awk) of 10,000
#              against 100,000 workloads.  Target: <= 12x (linear, with
#              the start-up cost of the catalog in both).
#
# For `recommend -f json`, `pack -f json` (aks) and `pack --strategy mixed
# -f json`.  Time is CPU time (user + system, from /usr/bin/time), the
# median of RUNS (default 3) runs: gpufit is single-threaded, so unloaded
# it is the wall time, and on a shared machine it does not count the time
# other programs hold the CPU (wall time there varied 2x between runs).
#
# GPUFIT_BENCH_IR=1 adds the instructions (valgrind's callgrind count, which
# does not vary with the machine's load) of the ten workloads of 10,000
# replicas against the ten of one replica, for each command.
#
#   sh bench/scale/run.sh [BUILD_DIR] [RUNS]
set -eu
B=${1:-build}
RUNS=${2:-${GPUFIT_BENCH_RUNS:-3}}
TEN_RUNS=${GPUFIT_BENCH_TEN_RUNS:-20}
cd "$(dirname "$0")/../.." || exit 2
[ -x "$B/gpufit" ] || { echo "bench scale: $B/gpufit not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench scale: /usr/bin/time (package 'time') is needed" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# median CPU seconds (user + system) of RUNS runs of "$@" -> stdout
measure() {
	: > "$work/times"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		/usr/bin/time -f "%U %S" -o "$work/t" "$@" > /dev/null 2> "$work/err" || {
			rc=$?
			# 5: some workload infeasible is still a complete result
			[ "$rc" -eq 5 ] || { echo "bench scale: '$*' failed ($rc):" >&2;
				cat "$work/err" >&2; exit 1; }
		}
		tail -n 1 "$work/t" | awk '{ printf "%.2f\n", $1 + $2 }' >> "$work/times"
		i=$((i + 1))
	done
	sort -n "$work/times" | awk '{ t[NR] = $1 } END { printf "%.2f\n", t[int((NR + 1) / 2)] }'
}

# mean CPU seconds of N runs of "$@" timed together (for a command shorter
# than the clock's resolution) -> stdout
measure_mean() {
	n=$1
	shift
	# shellcheck disable=SC2016
	/usr/bin/time -f "%U %S" -o "$work/t" sh -c '
		n=$1; shift; i=0
		while [ "$i" -lt "$n" ]; do
			"$@" > /dev/null 2> "$0"
			rc=$?
			[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || exit "$rc"
			i=$((i + 1))
		done' "$work/err" "$n" "$@" || { echo "bench scale: '$*' failed:" >&2;
		cat "$work/err" >&2; exit 1; }
	tail -n 1 "$work/t" | awk -v n="$n" '{ printf "%.4f\n", ($1 + $2) / n }'
}

# awk -v n=N -v r=R [-v one=1]: N small inference workloads of R replicas;
# one=1: the N x R replicas as one-replica workloads, requirements in turn
cat > "$work/fleet.awk" <<'AWK'
BEGIN { srand(7); print "gpufit: 1\nregion: eastus\nworkloads:"
	for (i = 0; i < n; i++) { m[i] = 2 + rand() * 8; t[i] = 2 + rand() * 18 }
	if (one)
		for (k = 0; k < n * r; k++)
			printf "  - { name: w%d, type: inference, requirements: { gpu_memory_gib: %.1f, tflops_fp16: %.1f } }\n",
				k, m[k % n], t[k % n]
	else
		for (i = 0; i < n; i++)
			printf "  - { name: w%d, type: inference, replicas: %d, requirements: { gpu_memory_gib: %.1f, tflops_fp16: %.1f } }\n",
				i, r, m[i], t[i] }
AWK
awk -v n=10 -v r=10000 -f "$work/fleet.awk" > "$work/rep.yaml"
awk -v n=10 -v r=10000 -v one=1 -f "$work/fleet.awk" > "$work/one.yaml"
awk -v n=10 -v r=1 -f "$work/fleet.awk" > "$work/ten.yaml"
awk -v n=10000 -f bench/recommend/gen.awk > "$work/w10k.yaml"
awk -v n=100000 -f bench/recommend/gen.awk > "$work/w100k.yaml"

status=0
printf "%-34s %11s %11s %7s %-15s %9s %7s %s\n" "replicas (CPU s)" "10 x 10000" "100000 x 1" \
	"ratio" "target" "10 x 1" "ratio" "target"
for cmd in "recommend -f json" "pack -f json" "pack --strategy mixed -f json"; do
	# (the ten workloads of 10,000 replicas run in a few hundredths of a
	# second, near the clock's resolution: the mean of TEN_RUNS runs)
	# shellcheck disable=SC2086
	rs=$(measure_mean "$TEN_RUNS" "$B/gpufit" $cmd "$work/rep.yaml")
	# shellcheck disable=SC2086
	os=$(measure "$B/gpufit" $cmd "$work/one.yaml")
	# shellcheck disable=SC2086
	ts=$(measure_mean "$TEN_RUNS" "$B/gpufit" $cmd "$work/ten.yaml")
	awk -v c="$cmd" -v rs="$rs" -v os="$os" -v ts="$ts" 'BEGIN {
		r = rs / (os > 0 ? os : 0.0001); ok = r <= 5
		r1 = rs / (ts > 0 ? ts : 0.0001); ok1 = r1 <= 5
		printf "%-34s %11.4f %11.2f %7.2f %-15s %9.4f %7.1f %s\n", c, rs, os, r,
			"<= 5x: " (ok ? "met" : "NOT met"), ts, r1, "<= 5x: " (ok1 ? "met" : "NOT met")
		exit !(ok && ok1) }' || status=1
done

# instructions of "$@" (callgrind) -> stdout
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : //p'
}

if [ "${GPUFIT_BENCH_IR:-0}" = 1 ]; then
	command -v valgrind >/dev/null ||
		{ echo "bench scale: GPUFIT_BENCH_IR=1 needs valgrind" >&2; exit 2; }
	echo
	printf "%-34s %14s %14s %7s\n" "replicas (instructions)" "10 x 10000" "10 x 1" "ratio"
	for cmd in "recommend -f json" "pack -f json" "pack --strategy mixed -f json"; do
		# shellcheck disable=SC2086
		ri=$(instructions "$B/gpufit" $cmd "$work/rep.yaml")
		# shellcheck disable=SC2086
		ti=$(instructions "$B/gpufit" $cmd "$work/ten.yaml")
		if [ -z "$ri" ] || [ -z "$ti" ]; then
			echo "bench scale: no instruction count for '$cmd'" >&2
			exit 1
		fi
		awk -v c="$cmd" -v r="$ri" -v t="$ti" 'BEGIN {
			printf "%-34s %14d %14d %7.2f\n", c, r, t, r / t }'
	done
fi
echo
printf "%-34s %12s %12s %8s  %s\n" "workloads (CPU s)" "10000" "100000" "ratio" "target"
for cmd in "recommend -f json" "pack -f json" "pack --strategy mixed -f json"; do
	# shellcheck disable=SC2086
	a=$(measure "$B/gpufit" $cmd "$work/w10k.yaml")
	# shellcheck disable=SC2086
	b=$(measure "$B/gpufit" $cmd "$work/w100k.yaml")
	awk -v c="$cmd" -v a="$a" -v b="$b" 'BEGIN {
		r = b / (a > 0 ? a : 0.0001); ok = r <= 12
		printf "%-34s %12.2f %12.2f %8.2f  <= 12x: %s\n", c, a, b, r, ok ? "met" : "NOT met"
		exit !ok }' || status=1
done
echo "targets: replicas <= 5x the same replicas as workloads and <= 5x the ten workloads with" \
	"one replica each, 100,000 workloads <= 12x 10,000:" \
	"$([ $status -eq 0 ] && echo met || echo NOT met)"
exit $status
