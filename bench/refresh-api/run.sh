#!/bin/sh
# Benchmark of a full `gpufit catalog refresh` under the real API's page
# latency: every region the catalog knows (--all-regions), against the fake
# Retail Prices API with 500 ms before every page and the real API's volumes
# (tests/fake_prices_api.py --realistic: 8,000 Virtual Machines items per
# region in pages of 1,000, 3.25-6.5% of them GPU sizes).
#
# New method: the default refresh (4 regions at once over reused connections,
# gzip, GPU sizes only by the contains() filter).  Baseline, measured in the
# same run against the same server: the method of earlier versions, one region
# after another with every size (--sequential --no-filter).  Both also fetch
# each region's Bandwidth prices (one page).  At 500 ms a page the baseline
# takes about 4.5 s per region (8 + 1 pages), so it is measured on
# BENCH_BASELINE_REGIONS regions (default 6; "all" for every region) and
# extrapolated linearly to all regions: each region is the same 9 pages
# one after another, so its time is the same whichever region it is.  Both
# methods also run on that subset, and their catalogs must be identical.
# Targets: >= 10x faster than the baseline, <= 60 s, peak RSS <= 64 MiB.
#
#   sh bench/refresh-api/run.sh [BUILD_DIR]    (BENCH_LATENCY=0.5 by default)
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "bench refresh-api: $bin not built" >&2; exit 2; }
for t in sqlite3 python3 bc; do
	command -v "$t" >/dev/null || { echo "bench refresh-api: needs $t" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench refresh-api: needs /usr/bin/time" >&2; exit 2; }
latency=${BENCH_LATENCY:-0.5}
subset=${BENCH_BASELINE_REGIONS:-6}
work=$(mktemp -d)
srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

python3 "$root/tests/fake_prices_api.py" --realistic --latency "$latency" --page-size 1000 \
	>"$work/port" 2>"$work/server.err" &
srv=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
[ -n "$port" ] || { echo "bench refresh-api: server did not start" >&2; exit 1; }
api="http://127.0.0.1:$port/api/retail/prices"

regions_all=$(sqlite3 "$root/$B/catalog.db" "SELECT name FROM regions ORDER BY name")
n_all=$(printf '%s\n' $regions_all | wc -l)
[ "$subset" = all ] && subset=$n_all
sub_args=
for r in $(printf '%s\n' $regions_all | head -n "$subset"); do sub_args="$sub_args -r $r"; done

status=0
# run NAME ARGS...: one refresh into a new catalog; prints "wall rss pages items".
run() {
	name=$1
	shift
	mkdir -p "$work/$name"
	/usr/bin/time -f '%e %M' -o "$work/$name/time" "$bin" --catalog "$work/$name/catalog.db" \
		catalog refresh --api-url "$api" "$@" >"$work/$name/out" 2>"$work/$name/err" || {
		echo "bench refresh-api: $name failed:" >&2; cat "$work/$name/err" >&2; status=1
		echo "0 0 0 0"; return; }
	pages=$(awk '/^pages/ { print $2 }' "$work/$name/out")
	items=$(awk '/^items seen/ { print $3 }' "$work/$name/out")
	echo "$(cat "$work/$name/time") $pages $items"
}
dump() {
	sqlite3 "$1" "SELECT sku, region, pricing, os, printf('%.9f', hourly) FROM prices WHERE source = 'Azure Retail Prices API' ORDER BY 1, 2, 3, 4"
}

# shellcheck disable=SC2086
new_all=$(run new-all --all-regions)
# shellcheck disable=SC2086
new_sub=$(run new-sub $sub_args)
# shellcheck disable=SC2086
old_sub=$(run old-sub $sub_args --sequential --no-filter)
dump "$work/new-sub/catalog.db" >"$work/new.dump"
dump "$work/old-sub/catalog.db" >"$work/old.dump"
if ! cmp -s "$work/new.dump" "$work/old.dump" || [ ! -s "$work/new.dump" ]; then
	echo "bench refresh-api: the two methods wrote different prices" >&2
	status=1
fi

echo "latency $latency s per page, pages of 1,000, $n_all regions; baseline measured on $subset regions"
awk -v all="$new_all" -v subs="$new_sub" -v old="$old_sub" -v n_all="$n_all" -v n_sub="$subset" 'BEGIN {
	split(all, a, " "); split(subs, s, " "); split(old, o, " ")
	printf "%-34s %7s %6s %8s %9s %13s\n", "method", "regions", "pages", "items", "wall s", "peak RSS MiB"
	printf "%-34s %7d %6d %8d %9.2f %13.1f\n", "new (default)", n_all, a[3], a[4], a[1], a[2] / 1024
	printf "%-34s %7d %6d %8d %9.2f %13.1f\n", "new (default)", n_sub, s[3], s[4], s[1], s[2] / 1024
	printf "%-34s %7d %6d %8d %9.2f %13.1f\n", "baseline (--sequential --no-filter)", n_sub, o[3], o[4], o[1], o[2] / 1024
	f = n_all / n_sub
	est = o[1] * f
	if (n_sub < n_all)
		printf "%-34s %7d %6d %8d %9.2f %13s\n", "baseline, extrapolated x" sprintf("%.2f", f), n_all, o[3] * f, o[4] * f, est, "-"
	else
		est = o[1]
	sp = a[1] > 0 ? est / a[1] : 0
	printf "speed-up, all regions: %.1fx (baseline %.1f s / new %.2f s)\n", sp, est, a[1]
	if (sp < 10 || a[1] > 60 || a[2] / 1024 > 64)
		printf "  target missed: want >= 10x, <= 60 s, peak RSS <= 64 MiB\n"
}'
exit $status
