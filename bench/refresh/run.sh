#!/bin/sh
# Benchmark of `gpufit catalog refresh` end to end against the fake Retail
# Prices API on loopback: 10,000 realistic items per region (the 13 row kinds
# of a size, ~8% GPU sizes) in 1,000-item pages, 10 regions (100k items) and
# 50 regions (500k items).  gpufit runs with --no-filter, so that it reads
# every item as the baseline does: this measures the client's throughput (the
# filter's gain under real latency is bench/refresh-api's), and the server
# does not compress (--no-gzip), as for the baseline's curl.  Records wall
# time and peak RSS (/usr/bin/time -f %M).  Baseline, measured in the same run on the same server: the pipeline a
# user would script -- curl each page, jq the GPU items to CSV, follow
# NextPageLink with jq, sqlite3 .import.  "server s" is the fake server alone
# (curl fetching the same pages, nothing parsed), the floor under both.
# Targets: >= 3x the baseline, >= 100,000 items/s, peak RSS <= 64 MiB and
# not growing with the number of items; a missed one is printed.
#
#   sh bench/refresh/run.sh [BUILD_DIR]      (BENCH_SIZES="10 50" by default)
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
[ -x "$bin" ] || { echo "bench refresh: $bin not built" >&2; exit 2; }
for t in jq curl sqlite3 python3; do
	command -v "$t" >/dev/null || { echo "bench refresh: needs $t" >&2; exit 2; }
done
per_region=10000
work=$(mktemp -d)
srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

python3 "$root/tests/fake_prices_api.py" --bench-items "$per_region" --page-size 1000 --no-gzip \
	>"$work/port" 2>"$work/server.err" &
srv=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
[ -n "$port" ] || { echo "bench refresh: server did not start" >&2; exit 1; }
api="http://127.0.0.1:$port/api/retail/prices"

# The baseline pipeline, as a user would write it.
cat >"$work/baseline.sh" <<'EOF'
api=$1; db=$2; shift 2
csv=$(dirname "$db")/items.csv
: >"$csv"
for region in "$@"; do
	url="$api?api-version=2023-01-01-preview&\$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20armRegionName%20eq%20%27$region%27"
	while [ -n "$url" ]; do
		curl -sf "$url" -o page.json || exit 1
		jq -r '.Items[] | select((.armSkuName | startswith("Standard_N")) and
			(.productName | test("Windows|Cloud Services") | not) and
			(.skuName | test("Low Priority") | not) and .type != "DevTestConsumption" and
			.retailPrice > 0) |
			[.armSkuName, .armRegionName, .type, (.reservationTerm // ""), .skuName,
			 .retailPrice, .effectiveStartDate] | @csv' page.json >>"$csv" || exit 1
		url=$(jq -r '.NextPageLink // empty' page.json)
	done
done
sqlite3 "$db" "CREATE TABLE raw (sku, region, type, term, sku_name, price, start);" \
	".mode csv" ".import $csv raw" || exit 1
EOF

regions_all=$(sqlite3 "$root/$B/catalog.db" "SELECT name FROM regions ORDER BY name")
# Warm the server's page templates so neither side pays for them.
curl -sf "$api?\$filter=armRegionName%20eq%20%27x%27" -o /dev/null
i=0
while [ $i -lt $((per_region / 1000)) ]; do
	curl -sf "$api?\$filter=armRegionName%20eq%20%27x%27&\$skip=$((i * 1000))" -o /dev/null
	i=$((i + 1))
done

# The server alone: the same pages fetched by one curl over one connection,
# bodies thrown away, so the gpufit column can be read as server + client.
server_only() { # REGION...
	: >"$work/curl.cfg"
	for r in "$@"; do
		s=0
		while [ $s -lt $per_region ]; do
			printf 'url = "%s?api-version=2023-01-01-preview&$filter=serviceName%%20eq%%20%%27Virtual%%20Machines%%27%%20and%%20armRegionName%%20eq%%20%%27%s%%27&$skip=%d"\noutput = /dev/null\n' \
				"$api" "$r" $s >>"$work/curl.cfg"
			s=$((s + 1000))
		done
	done
	start=$(date +%s.%N)
	curl -sf -K "$work/curl.cfg" || return 1
	end=$(date +%s.%N)
	echo "$end - $start" | bc -l
}

printf '%-8s %10s %12s %14s %10s %12s %10s\n' items "gpufit s" "items/s" "peak RSS MiB" "server s" \
	"baseline s" speed-up
status=0
rss_list=
for n in ${BENCH_SIZES:-10 50}; do
	regions=$(printf '%s\n' $regions_all | head -n "$n")
	got=$(printf '%s\n' $regions | wc -l)
	# the Virtual Machines items, plus the Bandwidth rows refresh also reads
	# (serviceName eq 'Bandwidth', one query per region), as the server lists them
	bw=0
	for r in $regions; do
		n_bw=$(curl -s "$api?api-version=2023-01-01-preview&\$filter=serviceName%20eq%20%27Bandwidth%27%20and%20armRegionName%20eq%20%27$r%27" |
			jq '.Items | length') || { echo "bench refresh: Bandwidth rows of $r" >&2; exit 1; }
		bw=$((bw + n_bw))
	done
	items=$((got * per_region + bw))
	args=
	for r in $regions; do args="$args -r $r"; done
	rm -rf "$work/g" "$work/b"
	mkdir -p "$work/g" "$work/b"
	# shellcheck disable=SC2086
	/usr/bin/time -f '%e %M' -o "$work/time" "$bin" --catalog "$work/g/catalog.db" \
		catalog refresh --no-filter --api-url "$api" $args >"$work/g/out" 2>"$work/g/err" || {
		echo "bench refresh: gpufit failed:" >&2; cat "$work/g/err" >&2; status=1; continue; }
	g_s=$(cut -d' ' -f1 "$work/time")
	rss_kib=$(cut -d' ' -f2 "$work/time")
	seen=$(awk '/^items seen/ { print $3 }' "$work/g/out")
	[ "$seen" = "$items" ] || { echo "bench refresh: gpufit saw $seen items, want $items" >&2; status=1; }
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	(cd "$work/b" && sh "$work/baseline.sh" "$api" "$work/b/raw.db" $regions) || {
		echo "bench refresh: baseline failed" >&2; status=1; continue; }
	end=$(date +%s.%N)
	b_s=$(echo "$end - $start" | bc -l)
	# shellcheck disable=SC2086
	s_s=$(server_only $regions) || { echo "bench refresh: curl of the pages failed" >&2; status=1; }
	awk -v n="$items" -v g="$g_s" -v rss="$rss_kib" -v b="$b_s" -v s="$s_s" 'BEGIN {
		if (g <= 0) g = 0.01
		printf "%-8d %10.2f %12.0f %14.1f %10.2f %12.2f %9.1fx\n", n, g, n / g, rss / 1024, s, b,
			b / g
		if (n / g < 100000 || b / g < 3 || rss / 1024 > 64)
			printf "  target missed: want >= 100,000 items/s, >= 3x the baseline, <= 64 MiB\n" }'
	rss_list="$rss_list $rss_kib"
done
# Peak RSS must not grow with the number of items (10% slack for noise).
awk -v l="$rss_list" 'BEGIN { n = split(l, r, " "); for (i = 2; i <= n; i++)
	if (r[i] > 1.1 * r[1]) { printf "  target missed: peak RSS grew from %.1f to %.1f MiB\n",
		r[1] / 1024, r[i] / 1024; exit } }'
exit $status
