#!/bin/bash
# Benchmark of `gpufit analyze --prometheus` on a real Prometheus holding 200
# GPUs x 7 days at 1-minute resolution (the 15 metrics of dcgm-exporter's
# default counters, 50 hosts of 4 GPUs, 30 million samples): the server's
# statistics (the default) against --raw (query_range, every sample), in the
# same run on the same server.  Records wall time and peak RSS
# (/usr/bin/time, the better of two interleaved rounds), requests and bytes
# received (gpufit -v), and checks that
# both give the same findings and the same document but for the percentiles
# --raw alone reports.
# Targets: >= 10x fewer bytes, >= 5x faster, peak RSS <= 64 MiB, identical
# findings; a missed one is printed.
#
#   bash bench/analyze-prometheus/run.sh [BUILD_DIR]
#
# The TSDB is built once (gen_om.c slices, promtool create-blocks-from
# openmetrics, then left to Prometheus to compact) and kept under
# BUILD_DIR/bench-cache/; delete that directory to rebuild it.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"   # bench/run.sh runs sh
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "bench analyze-prometheus: $bin not built" >&2; exit 2; }
for t in prometheus promtool jq curl; do
	command -v "$t" >/dev/null || { echo "bench analyze-prometheus: needs $t" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench analyze-prometheus: needs /usr/bin/time" >&2; exit 2; }
GPUS=200 DAYS=7
t0=1780005600                      # a multiple of 2 h: one TSDB block per slice
steps=$((DAYS * 1440))
end=$((t0 + 60 * (steps - 1)))
cache="$root/$B/bench-cache/prom-${GPUS}gpu-${DAYS}d"
stamp=$(cksum <"$root/bench/analyze-prometheus/gen_om.c" | awk '{print $1}')
work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench-prom.XXXXXX")
# shellcheck source=tests/prom_server.bash
. "$root/tests/prom_server.bash"
trap 'prom_stop; rm -rf "$work"' EXIT INT TERM

# Prometheus on the cached blocks (up to 60 s to become ready): PROM_URL
start() { prom_serve "$cache/tsdb" "$work" 300; }

blocks() { find "$cache/tsdb" -maxdepth 1 -name '01*' -type d | wc -l; }

if [ "$(cat "$cache/stamp" 2>/dev/null)" != "$stamp" ]; then
	echo "building the TSDB ($GPUS GPUs x $DAYS days, once) ..." >&2
	rm -rf "$cache"
	mkdir -p "$cache/tsdb"
	${CC:-cc} -O2 -o "$work/gen_om" "$root/bench/analyze-prometheus/gen_om.c" || exit 2
	seq 0 $((steps / 120 - 1)) | xargs -P 2 -I{} sh -c \
		'"$1/gen_om" '"$GPUS $t0"' $(({} * 120)) 120 > "$1/s{}.om" &&
		 promtool tsdb create-blocks-from openmetrics -q "$1/s{}.om" "$2" >/dev/null &&
		 rm "$1/s{}.om"' _ "$work" "$cache/tsdb" || { echo "bench: promtool failed" >&2; exit 2; }
	# let Prometheus compact the 2-hour blocks as it would a week of scrapes
	start || exit 2
	last=0
	for _ in $(seq 1 120); do
		sleep 5
		n=$(blocks)
		[ "$n" -le 10 ] && [ "$n" = "$last" ] && break
		last=$n
	done
	prom_stop
	echo "$stamp" >"$cache/stamp"
fi
start || exit 2

args=(analyze --prometheus "$PROM_URL" --start "$t0" --end "$end" --step 60s
      --sku Standard_NC96ads_A100_v4 -f json -v)
run() {   # name, extra args
	local name=$1
	shift
	/usr/bin/time -f "%e %M" -o "$work/$name.time" "$bin" "${args[@]}" "$@" \
		>"$work/$name.json" 2>"$work/$name.err" || {
		echo "bench analyze-prometheus: $name failed:" >&2; tail -5 "$work/$name.err" >&2; exit 1; }
}
run warm                # loads the blocks into the page cache for both
# two rounds, interleaved; the better time of each counts, since the machine
# is shared and a burst of other work can land on either
run push
run raw --raw
run push2
run raw2 --raw
best() {   # name1 name2 -> "seconds rss" of the faster
	sort -n "$work/$1.time" "$work/$2.time" | head -1
}

strip='del(.gpus[].stats[] | objects | .p50, .p95)'
same_findings=no
if [ "$(jq -c '[.gpus[] | [.host, .gpu, .finding]]' "$work/push.json")" = \
     "$(jq -c '[.gpus[] | [.host, .gpu, .finding]]' "$work/raw.json")" ]; then
	same_findings=yes
fi
same_doc=no
[ "$(jq -S "$strip" "$work/push.json")" = "$(jq -S "$strip" "$work/raw.json")" ] && same_doc=yes
cost() {   # name -> "requests received json"
	sed -n 's/.*prometheus: \([0-9]*\) requests, \([0-9]*\) bytes received (\([0-9]*\) bytes of JSON).*/\1 \2 \3/p' \
		"$work/$1.err"
}
read -r ps prss <<<"$(best push push2)"
read -r rs rrss <<<"$(best raw raw2)"
read -r preq pbytes pjson <<<"$(cost push)"
read -r rreq rbytes rjson <<<"$(cost raw)"
findings=$(jq -c '.totals.findings' "$work/push.json")
awk -v ps="$ps" -v prss="$prss" -v rs="$rs" -v rrss="$rrss" -v preq="$preq" -v rreq="$rreq" \
    -v pb="$pbytes" -v rb="$rbytes" -v pj="$pjson" -v rj="$rjson" -v sf="$same_findings" \
    -v sd="$same_doc" -v gpus="$GPUS" -v days="$DAYS" -v f="$findings" 'BEGIN {
	if (ps <= 0) ps = 0.01
	printf "%d GPUs x %d days at 1 min, 15 metrics; findings %s\n", gpus, days, f
	printf "%-10s %9s %9s %16s %14s %14s %10s\n", "mode", "seconds", "requests", "bytes received", \
		"JSON bytes", "peak RSS MiB", "speed-up"
	printf "%-10s %9.2f %9d %16d %14d %14.1f %10s\n", "pushdown", ps, preq, pb, pj, prss / 1024, \
		sprintf("%.1fx", rs / ps)
	printf "%-10s %9.2f %9d %16d %14d %14.1f %10s\n", "--raw", rs, rreq, rb, rj, rrss / 1024, "1.0x"
	printf "bytes: %.0fx fewer received (%.0fx less JSON); identical findings: %s; same document " \
		"but percentiles: %s\n", rb / pb, rj / pj, sf, sd
	ok = rb / pb >= 10 && rs / ps >= 5 && prss / 1024 <= 64 && sf == "yes"
	printf "targets: >= 10x fewer bytes, >= 5x faster, peak RSS <= 64 MiB, identical findings: %s\n", \
		ok ? "met" : "NOT met"
	if (rb / pb < 10) print "  missed: bytes"
	if (rs / ps < 5) print "  missed: speed"
	if (prss / 1024 > 64) print "  missed: RSS"
	if (sf != "yes") print "  missed: findings"
}'
[ "$same_findings" = yes ]
