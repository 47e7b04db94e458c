#!/bin/sh
# Benchmark of `gpufit recommend` on generated profiles of 1,000 and 10,000
# workloads over the bundled catalog, against `gpufit validate` on the same
# file (the cost of only reading it), measured in the same run.
#
#   sh bench/recommend/run.sh [BUILD_DIR] [RUNS]
#
# Wall time is the median of RUNS (default 5) runs, timed to the microsecond
# with date +%s%N; peak RSS from /usr/bin/time.  Targets: 1,000 workloads <= 0.5 s, 10,000 <= 5 s,
# recommend <= 5x validate, peak RSS <= 64 MiB; one workload (the start-up
# cost: catalog lists, shapes, MIG offers) <= 0.1 s.  "10000+data" gives every
# workload a data: block (the data path, docs/data.md): the same targets.  Then
# `recommend -f html` of the 10,000 workloads: the same time and memory
# targets, and a page below 20 MB (with data: blocks the page size is
# printed, not a target: the data findings add text per workload).
set -eu
B=${1:-build}
RUNS=${2:-${GPUFIT_BENCH_RUNS:-5}}
cd "$(dirname "$0")/../.." || exit 2
[ -x "$B/gpufit" ] || { echo "bench recommend: $B/gpufit not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench recommend: /usr/bin/time (package 'time') is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# median wall seconds and max RSS KiB of RUNS runs of "$@" -> "$work/m"
measure() {
	: > "$work/times"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		t0=$(date +%s%N)
		/usr/bin/time -f "%M" -o "$work/t" "$@" > /dev/null 2> "$work/err" || {
			rc=$?
			# 5: some workload infeasible is still a complete result
			[ "$rc" -eq 5 ] || { echo "bench recommend: '$*' failed ($rc):" >&2;
				cat "$work/err" >&2; exit 1; }
		}
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(tail -n 1 "$work/t")" >> "$work/times"
		i=$((i + 1))
	done
	sort -n "$work/times" | awk '{ t[NR] = $1; if ($2 > m) m = $2 }
		END { printf "%.4f %d\n", t[int((NR + 1) / 2)] / 1e6, m }' > "$work/m"
}

printf "%-10s %12s %12s %8s %14s  %s\n" "workloads" "recommend s" "validate s" "ratio" "peak RSS MiB" \
	"target"
status=0
for spec in 1 1000 10000 10000+data; do
	n=${spec%+data}
	data=0
	[ "$spec" = "$n" ] || data=1
	awk -v n="$n" -v data="$data" -f bench/recommend/gen.awk > "$work/p$spec.yaml"
	measure "$B/gpufit" recommend -f json "$work/p$spec.yaml"
	read -r rs rrss < "$work/m"
	measure "$B/gpufit" validate "$work/p$spec.yaml"
	read -r vs vrss < "$work/m"
	# one workload: the start-up cost (catalog lists); no ratio target there
	awk -v n="$n" -v spec="$spec" -v rs="$rs" -v vs="$vs" -v rrss="$rrss" -v vrss="$vrss" 'BEGIN {
		v = vs > 0 ? vs : 0.0001
		rss = (rrss > vrss ? rrss : vrss) / 1024
		limit = n <= 1 ? 0.1 : n <= 1000 ? 0.5 : 5
		ok = rs <= limit && rss <= 64 && (n <= 1 || rs / v <= 5)
		printf "%-10s %12.3f %12.3f %8.1f %14.1f  %s\n", spec, rs, vs, rs / v, rss,
			(n <= 1 ? "<= 0.1 s" : sprintf("<= %g s, <= 5x", limit)) ", <= 64 MiB: " \
			(ok ? "met" : "NOT met")
		exit !ok
	}' || status=1
done
# the HTML report of the 10,000 workloads, without and with data: blocks
# (the files of the rows above): same targets, and a page below 20 MB
for spec in 10000 10000+data; do
measure "$B/gpufit" recommend -f html "$work/p$spec.yaml"
read -r hs hrss < "$work/m"
measure "$B/gpufit" validate "$work/p$spec.yaml"
read -r vs vrss < "$work/m"
"$B/gpufit" recommend -f html "$work/p$spec.yaml" > "$work/p$spec.html" 2>/dev/null || [ $? -eq 5 ]
bytes=$(wc -c < "$work/p$spec.html")
awk -v n="$spec" -v rs="$hs" -v vs="$vs" -v rrss="$hrss" -v vrss="$vrss" -v bytes="$bytes" 'BEGIN {
	v = vs > 0 ? vs : 0.0001
	rss = (rrss > vrss ? rrss : vrss) / 1024
	# the page-size target is the 10,000 workloads of the first row; with
	# data: blocks every workload adds its data findings, reported only
	sized = n !~ /data/
	ok = rs <= 5 && rss <= 64 && rs / v <= 5 && (!sized || bytes < 20e6)
	printf "%-10s %12.3f %12.3f %8.1f %14.1f  %s\n", n " html", rs, vs, rs / v, rss,
		sprintf("<= 5 s, <= 5x, <= 64 MiB, page %.1f MB%s: ", bytes / 1e6,
			sized ? " < 20 MB" : " (no size target)") (ok ? "met" : "NOT met")
	exit !ok
}' || status=1
done
echo "targets: 1,000 <= 0.5 s, 10,000 <= 5 s (json and html), recommend <= 5x validate, RSS <= 64 MiB, html < 20 MB:" \
	"$([ $status -eq 0 ] && echo met || echo NOT met)"
exit $status
