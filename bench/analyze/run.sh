#!/bin/sh
# Benchmark of `gpufit analyze` on dcgm-exporter text, against an awk baseline
# computing the same per-series means in the same run.
#
#   sh bench/analyze/run.sh [BUILD_DIR] [MEBIBYTES]
#
# Generates MEBIBYTES (default 1024) of concatenated scrapes of 64 GPUs x 15
# metrics into a temporary file, times gpufit and awk on it (wall time and peak
# RSS from /usr/bin/time), prints one table and deletes the file.
# Targets: >= 3x faster than awk, >= 200 MB/s, peak RSS <= 64 MiB.
set -eu
B=${1:-build}
MIB=${2:-${GPUFIT_BENCH_MIB:-1024}}
cd "$(dirname "$0")/../.." || exit 2
[ -x "$B/gpufit" ] || { echo "bench analyze: $B/gpufit not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench analyze: /usr/bin/time (package 'time') is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gpufit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
need_kib=$((MIB * 1024 + 65536))
avail_kib=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
if [ "$avail_kib" -lt "$need_kib" ]; then
	echo "bench analyze: need $need_kib KiB free in $work, have $avail_kib" >&2
	exit 2
fi

${CC:-cc} -O2 -o "$work/gen" bench/analyze/gen.c
"$work/gen" "$MIB" > "$work/fleet.prom"
bytes=$(wc -c < "$work/fleet.prom")

# warm the page cache so both readers start from the same place
cat "$work/fleet.prom" > /dev/null

/usr/bin/time -f "%e %M" -o "$work/t.gpufit" \
	"$B/gpufit" analyze --sku Standard_NC96ads_A100_v4 -f json "$work/fleet.prom" \
	> "$work/out.json" 2> "$work/err.gpufit" || {
	echo "bench analyze: gpufit failed:" >&2; cat "$work/err.gpufit" >&2; exit 1; }
/usr/bin/time -f "%e %M" -o "$work/t.awk" \
	awk -f bench/analyze/means.awk "$work/fleet.prom" > "$work/out.awk"

# the two agree: mean GPU utilization of gpu 3 of node-00 (percent in awk)
g=$(jq -r '.gpus[] | select(.host == "node-00" and .gpu == "3") | .stats.gpu_util.mean' "$work/out.json")
a=$(grep '^DCGM_FI_DEV_GPU_UTIL{gpu="3",.*Hostname="node-00"' "$work/out.awk" | sed 's/.*} //' | awk '{ printf "%.4f", $1 / 100 }')
if [ "$g" != "$a" ] && [ "$(printf '%.4f' "$g")" != "$a" ]; then
	echo "bench analyze: gpufit mean $g differs from awk mean $a" >&2
	exit 1
fi

read -r gs grss < "$work/t.gpufit"
read -r as arss < "$work/t.awk"
awk -v bytes="$bytes" -v gs="$gs" -v grss="$grss" -v as="$as" -v arss="$arss" 'BEGIN {
	mb = bytes / 1e6
	if (gs <= 0) gs = 0.01
	if (as <= 0) as = 0.01
	printf "%-10s %10s %10s %10s %14s %10s\n", "reader", "input MB", "seconds", "MB/s", "peak RSS MiB", "speed-up"
	printf "%-10s %10.1f %10.2f %10.1f %14.1f %10s\n", "gpufit", mb, gs, mb / gs, grss / 1024, sprintf("%.1fx", as / gs)
	printf "%-10s %10.1f %10.2f %10.1f %14.1f %10s\n", "awk", mb, as, mb / as, arss / 1024, "1.0x"
	printf "targets: >= 3x faster than awk, >= 200 MB/s, peak RSS <= 64 MiB: %s\n", \
		(as / gs >= 3 && mb / gs >= 200 && grss / 1024 <= 64) ? "met" : "NOT met"
}'
