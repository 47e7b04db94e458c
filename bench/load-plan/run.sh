#!/bin/sh
# Benchmark of the load plan (docs/sizing.md, "Traffic"): `gpufit recommend`
# on 10,000 serving workloads described by requests_per_s and a daily load
# curve, against the same 10,000 workloads described by a concurrency (each
# workload's Little's-law mean in flight per replica, as the plan finds it,
# and its peak replicas), measured in the same run.  Target: the load plans
# within 3x the CPU time of the baseline (median of RUNS, default 5).
#
#   sh bench/load-plan/run.sh [BUILD_DIR] [RUNS]
set -eu
B=${1:-build}
RUNS=${2:-${GPUFIT_BENCH_RUNS:-5}}
N=${GPUFIT_BENCH_LOAD_N:-10000}
cd "$(dirname "$0")/../.." || exit 2
[ -x "$B/gpufit" ] || { echo "bench load-plan: $B/gpufit not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench load-plan: /usr/bin/time (package 'time') is needed" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench load-plan: python3 is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# median CPU seconds (user + sys) of RUNS runs of "$@" -> stdout, then the
# median wall seconds: the machine is shared, and CPU time is what the load
# plan costs (wall time is printed beside it)
measure() {
	: > "$work/times"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		t0=$(date +%s%N)
		rc=0
		/usr/bin/time -f "%U %S" -o "$work/t" timeout 600 "$@" > /dev/null 2> "$work/err" || rc=$?
		# 5: some workload infeasible is still a complete result
		[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || { echo "bench load-plan: '$*' failed ($rc):" >&2;
			cat "$work/err" >&2; exit 1; }
		t1=$(date +%s%N)
		echo "$(tail -n 1 "$work/t") $(( (t1 - t0) / 1000 ))" >> "$work/times"
		i=$((i + 1))
	done
	awk '{ print $1 + $2, $3 / 1e6 }' "$work/times" | sort -n |
		awk '{ c[NR] = $1; w[NR] = $2 } END { m = int((NR + 1) / 2); printf "%.3f %.3f\n", c[m], w[m] }'
}

awk -v n="$N" -f bench/load-plan/gen.awk > "$work/load.yaml"
rc=0
timeout 600 "$B/gpufit" recommend -f json "$work/load.yaml" > "$work/load.json" 2>/dev/null || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || { echo "bench load-plan: recommend failed ($rc)" >&2; exit 1; }
# the baseline: each workload with concurrency = its plan's mean in flight
# per replica at the peak and replicas = its peak, without rate or curve
python3 - "$work/load.yaml" "$work/load.json" > "$work/flat.yaml" <<'PY'
import json, math, sys
plans = {w["name"]: w.get("load_plan") for w in json.load(open(sys.argv[2]))["workloads"]}
name, skip = None, False
for line in open(sys.argv[1]):
    s = line.strip()
    if s.startswith("- name: "):
        name = s[len("- name: "):]
    if s.startswith(("percentile:", "load:", "hours:", "weekday:", "weekend:", "autoscale:")):
        continue
    if s.startswith("requests_per_s:"):
        lp = plans.get(name)
        c = max(1, math.ceil(lp["in_flight_per_replica_at_peak"])) if lp else 1
        sys.stdout.write("      concurrency: %d\n" % c)
        continue
    sys.stdout.write(line)
    if s == "type: inference":
        lp = plans.get(name)
        sys.stdout.write("    replicas: %d\n" % (lp["peak_replicas"] if lp else 1))
PY
"$B/gpufit" validate "$work/flat.yaml" > /dev/null 2>&1 || { echo "bench load-plan: the baseline profile is not valid" >&2;
	"$B/gpufit" validate "$work/flat.yaml" 2>&1 | head -5 >&2; exit 1; }
measure "$B/gpufit" recommend -f json "$work/load.yaml" > "$work/ml"
measure "$B/gpufit" recommend -f json "$work/flat.yaml" > "$work/mf"
read -r lc lw < "$work/ml"
read -r fc fw < "$work/mf"
printf "%-24s %14s %14s %8s  %s\n" "workloads" "load plan cpu s" "flat cpu s" "ratio" "target"
awk -v n="$N" -v lc="$lc" -v fc="$fc" -v lw="$lw" -v fw="$fw" 'BEGIN {
	f = fc > 0 ? fc : 0.001
	ok = lc / f <= 3
	printf "%-24s %14.3f %14.3f %8.2f  %s\n", n " with load curves", lc, fc, lc / f,
		"<= 3x the same workloads by concurrency: " (ok ? "met" : "NOT met")
	printf "%-24s %14.3f %14.3f %8.2f  (wall seconds, shown)\n", "", lw, fw, lw / (fw > 0 ? fw : 0.001)
	exit !ok
}'
