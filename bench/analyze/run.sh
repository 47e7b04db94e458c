#!/bin/sh
# Benchmark of `gpufit analyze` on dcgm-exporter text, against an awk baseline
# computing the same per-series means in the same run.
#
#   sh bench/analyze/run.sh [BUILD_DIR] [MEBIBYTES] [HOSTS_MEBIBYTES...]
#
# Generates MEBIBYTES (default 1024) of concatenated scrapes of 64 GPUs x 15
# metrics into a temporary file, times gpufit and awk on it (wall time and peak
# RSS from /usr/bin/time), prints one table and deletes the file.
# Targets: >= 3x faster than awk, >= 200 MB/s, peak RSS <= 64 MiB, for -f json
# and for -f html (the report people look at) alike.
#
# Then the many-hosts case: for each HOSTS_MEBIBYTES M (default 25 50 100,
# also GPUFIT_BENCH_HOSTS_MIB), M MiB of one scrape of M x 1000 single-GPU
# hosts (gen --hosts), analyzed with -f table (and -f json at the largest
# size), against awk on the same file.
# Targets at 100k hosts: <= 2 s, peak RSS <= 256 MiB, and linear: the time
# per host at the largest size within 1.5x of the smallest.
set -eu
B=${1:-build}
MIB=${2:-${GPUFIT_BENCH_MIB:-1024}}
[ $# -gt 2 ] && shift 2 && HOSTS_MIB=$* || HOSTS_MIB=${GPUFIT_BENCH_HOSTS_MIB:-25 50 100}
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
/usr/bin/time -f "%e %M" -o "$work/t.html" \
	"$B/gpufit" analyze --sku Standard_NC96ads_A100_v4 -f html "$work/fleet.prom" \
	> "$work/out.html" 2> "$work/err.gpufit" || {
	echo "bench analyze: gpufit -f html failed:" >&2; cat "$work/err.gpufit" >&2; exit 1; }
/usr/bin/time -f "%e %M" -o "$work/t.awk" \
	awk -f bench/analyze/means.awk "$work/fleet.prom" > "$work/out.awk"
# the page shows every GPU (64)
hg=$(grep -o '<div class="gpu" data-index=' "$work/out.html" | wc -l)
[ "$hg" = "$(jq '.gpus | length' "$work/out.json")" ] || {
	echo "bench analyze: the HTML shows $hg GPUs, the JSON $(jq '.gpus | length' "$work/out.json")" >&2; exit 1; }

# the two agree: mean GPU utilization of gpu 3 of node-00 (percent in awk)
g=$(jq -r '.gpus[] | select(.host == "node-00" and .gpu == "3") | .stats.gpu_util.mean' "$work/out.json")
a=$(grep '^DCGM_FI_DEV_GPU_UTIL{gpu="3",.*Hostname="node-00"' "$work/out.awk" | sed 's/.*} //' | awk '{ printf "%.4f", $1 / 100 }')
if [ "$g" != "$a" ] && [ "$(printf '%.4f' "$g")" != "$a" ]; then
	echo "bench analyze: gpufit mean $g differs from awk mean $a" >&2
	exit 1
fi

read -r gs grss < "$work/t.gpufit"
read -r hs hrss < "$work/t.html"
read -r as arss < "$work/t.awk"
awk -v bytes="$bytes" -v gs="$gs" -v grss="$grss" -v hs="$hs" -v hrss="$hrss" -v as="$as" -v arss="$arss" 'BEGIN {
	mb = bytes / 1e6
	if (gs <= 0) gs = 0.01
	if (hs <= 0) hs = 0.01
	if (as <= 0) as = 0.01
	printf "%-12s %10s %10s %10s %14s %10s\n", "reader", "input MB", "seconds", "MB/s", "peak RSS MiB", "speed-up"
	printf "%-12s %10.1f %10.2f %10.1f %14.1f %10s\n", "gpufit json", mb, gs, mb / gs, grss / 1024, sprintf("%.1fx", as / gs)
	printf "%-12s %10.1f %10.2f %10.1f %14.1f %10s\n", "gpufit html", mb, hs, mb / hs, hrss / 1024, sprintf("%.1fx", as / hs)
	printf "%-12s %10.1f %10.2f %10.1f %14.1f %10s\n", "awk", mb, as, mb / as, arss / 1024, "1.0x"
	printf "targets (json and html): >= 3x faster than awk, >= 200 MB/s, peak RSS <= 64 MiB: %s\n", \
		(as / gs >= 3 && mb / gs >= 200 && grss / 1024 <= 64 && as / hs >= 3 && mb / hs >= 200 && hrss / 1024 <= 64) ? "met" : "NOT met"
}'
rm -f "$work/fleet.prom" "$work/out.json" "$work/out.html" "$work/out.awk"

# ---- many hosts: every per-host and per-series step must stay O(1) ----------
echo
echo "many hosts: one scrape of single-GPU hosts, 4 metrics each (--min-samples 1)"
printf "%-6s %9s %10s %9s %9s %10s %14s %12s\n" format hosts "input MB" seconds "cpu s" \
	"MB/s" "peak RSS MiB" "awk seconds"
: > "$work/hosts.tsv"
last=""
for m in $HOSTS_MIB; do last=$m; done
for m in $HOSTS_MIB; do
	hosts=$((m * 1000))
	"$work/gen" "$m" --hosts "$hosts" > "$work/hosts.prom"
	bytes=$(wc -c < "$work/hosts.prom")
	cat "$work/hosts.prom" > /dev/null
	fmts=table
	[ "$m" = "$last" ] && fmts="table json"
	/usr/bin/time -f "%e %M" -o "$work/t.awk" \
		awk -f bench/analyze/means.awk "$work/hosts.prom" > "$work/out.awk"
	read -r as arss < "$work/t.awk"
	for fmt in $fmts; do
		/usr/bin/time -f "%e %U %S %M" -o "$work/t.gpufit" \
			"$B/gpufit" analyze --min-samples 1 --sku Standard_NC24ads_A100_v4 -f "$fmt" \
			"$work/hosts.prom" > "$work/out.$fmt" 2> "$work/err.gpufit" || {
			echo "bench analyze: gpufit failed on $hosts hosts:" >&2
			cat "$work/err.gpufit" >&2
			exit 1; }
		read -r gs gu gsys grss < "$work/t.gpufit"
		printf "%s %s %s %s %s %s %s\n" "$fmt" "$hosts" "$bytes" "$gs" "$gu" "$gsys" "$grss" \
			>> "$work/hosts.tsv"
		awk -v fmt="$fmt" -v h="$hosts" -v bytes="$bytes" -v gs="$gs" -v gu="$gu" -v gsys="$gsys" \
			-v grss="$grss" -v as="$as" 'BEGIN {
			mb = bytes / 1e6
			if (gs <= 0) gs = 0.01
			printf "%-6s %9d %10.1f %9.2f %9.2f %10.1f %14.1f %12.2f\n", fmt, h, mb, gs, gu + gsys,
				mb / gs, grss / 1024, as
		}'
	done
	# every host is in the report, and gpufit and awk agree on one host's mean
	n=$(grep -c '^node-[0-9]* *0 ' "$work/out.table" || :)
	[ "$n" = "$hosts" ] || { echo "bench analyze: $n of $hosts hosts in the report" >&2; exit 1; }
	pick=$(printf 'node-%06d' $((hosts - 2)))
	if [ -f "$work/out.json" ]; then
		g=$(jq -r --arg h "$pick" '.gpus[] | select(.host == $h) | .stats.gpu_util.mean' "$work/out.json")
		a=$(grep "^DCGM_FI_DEV_GPU_UTIL{.*Hostname=\"$pick\"" "$work/out.awk" | sed 's/.*} //' |
			awk '{ printf "%.4f", $1 / 100 }')
		if [ "$g" != "$a" ] && [ "$(printf '%.4f' "$g")" != "$a" ]; then
			echo "bench analyze: $pick: gpufit mean $g differs from awk mean $a" >&2
			exit 1
		fi
	fi
	rm -f "$work/hosts.prom" "$work/out.awk"
done
awk -v big="$last" '
	$1 == "table" { if (!n++) { h0 = $2; s0 = ($5 + $6) / $2 } h1 = $2; s1 = ($5 + $6) / $2; w1 = $4; r1 = $7 / 1024 }
	END {
		lin = s0 > 0 ? s1 / s0 : 1
		printf "cpu seconds per 1000 hosts: %.3f at %d hosts, %.3f at %d (%.2fx)\n", s0 * 1000, h0, s1 * 1000, h1, lin
		if (h1 < 100000) { print "targets (at 100k hosts: <= 2 s, peak RSS <= 256 MiB, linear): not measured at this size"; exit }
		printf "targets at %d hosts: <= 2 s wall (%.2f), peak RSS <= 256 MiB (%.1f), linear within 1.5x (%.2fx): %s\n",
			h1, w1, r1, lin, (w1 <= 2 && r1 <= 256 && lin <= 1.5) ? "met" : "NOT met"
	}' "$work/hosts.tsv"
