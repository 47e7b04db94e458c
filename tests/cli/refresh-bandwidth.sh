#!/bin/bash
# `gpufit catalog refresh` and Bandwidth (data transfer) prices, against the
# fake Retail Prices API on 127.0.0.1: each region's serviceName eq
# 'Bandwidth' query is sent, the rows prices_api_bandwidth() takes are stored
# with exactly the prices the server served; regions not refreshed keep their
# refreshed rows; a region answered with no Bandwidth price keeps its old rows
# with a warning; a refreshed region's rows are replaced (stale tiers go);
# `recommend` prices egress with the refreshed price; failures of the
# Bandwidth requests leave the old catalog byte-for-byte.
# Usage: tests/cli/refresh-bandwidth.sh [BUILD_DIR]
# shellcheck source=tests/fake_api.bash
. "$(dirname "$0")/../fake_api.bash"
db="$work/c/catalog.db"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
stats() { curl -sf "$url/stats?reset=1" >"$work/stats.json" || fail "GET /stats"; }
refresh() { "$bin" --catalog "$db" catalog refresh --retries 1 --timeout 2 "$@" >"$work/out" 2>"$work/err"; }
bw() { # ZONE: its rows, one a line
	sqlite3 -separator ' ' "$db" "SELECT kind, tier_min_gb, printf('%.6f', usd_per_gb), effective_date, source FROM bandwidth_prices WHERE zone = '$1' ORDER BY kind, tier_min_gb"
}
egress() { # CATALOG: egress_per_run of the data-gravity finding of the example
	"$bin" --catalog "$1" recommend "$root/examples/data-wrong-region.yaml" -f json 2>/dev/null |
		jq -r '[.. | objects | select(.kind? == "data-gravity") | .egress_per_run][0]'
}
src="Azure Retail Prices API (serviceName Bandwidth)"

# What the fake serves per region (tests/fake_prices_api.py): USD per GB times
# the region's factor (eastus 1.0, others not listed 1.05).  Taken: the five
# "Rtn Preference: MGN / Standard Data Transfer Out" tiers (internet), "Intra
# Continent Data Transfer Out" and "Inter Continent Data Transfer Out - NAM or
# EU To Any"; dropped: "Standard Data Transfer In" and the ISP-routing meter.
#   southcentralus: 0.087 x 1.05 = 0.09135, 0.083 x 1.05 = 0.08715,
#   0.07 x 1.05 = 0.0735, 0.05 x 1.05 = 0.0525, intra 0.02 x 1.05 = 0.021,
#   inter 0.05 x 1.05 = 0.0525.
expect_scus="inter-continent 0.0 0.052500 2025-03-01 $src
internet 0.0 0.000000 2025-03-01 $src
internet 100.0 0.091350 2025-03-01 $src
internet 10335.0 0.087150 2025-03-01 $src
internet 51295.0 0.073500 2025-03-01 $src
internet 153695.0 0.052500 2025-03-01 $src
intra-continent 0.0 0.021000 2025-03-01 $src"
expect_eastus="inter-continent 0.0 0.050000 2025-03-01 $src
internet 0.0 0.000000 2025-03-01 $src
internet 100.0 0.087000 2025-03-01 $src
internet 10335.0 0.083000 2025-03-01 $src
internet 51295.0 0.070000 2025-03-01 $src
internet 153695.0 0.050000 2025-03-01 $src
intra-continent 0.0 0.020000 2025-03-01 $src"

# ---- the bundled catalog: the continent seed prices the egress ------------
# 20 TB = 20,000 GB x 3 epochs x 0.02 $/GB (north-america intra-continent seed).
want=$(awk 'BEGIN { printf "%g", 20e12 / 1e9 * 3 * 0.02 }')
[ "$(egress "$root/$B/catalog.db")" = "$want" ] ||
	fail "bundled catalog: egress per run $(egress "$root/$B/catalog.db"), want $want"

# ---- a refresh stores each region's Bandwidth rows ------------------------
stats
refresh --api-url "$url/api/retail/prices" -r eastus -r southcentralus ||
	fail "refresh: exit $?: $(cat "$work/err")"
stats
for r in eastus southcentralus; do
	[ "$(jq -r --arg f "serviceName eq 'Bandwidth' and armRegionName eq '$r' and priceType eq 'Consumption'" '.filters[$f]' "$work/stats.json")" = 1 ] ||
		fail "no Bandwidth query for $r: $(jq .filters "$work/stats.json")"
done
[ "$(bw southcentralus)" = "$expect_scus" ] || fail "southcentralus rows:
$(bw southcentralus)"
[ "$(bw eastus)" = "$expect_eastus" ] || fail "eastus rows:
$(bw eastus)"
grep -q "Bandwidth" "$work/err" && fail "refresh: a Bandwidth warning: $(cat "$work/err")"
# The bundled continent seeds stay (another region's data still needs them).
[ "$(sqlite3 "$db" "SELECT count(*) FROM bandwidth_prices WHERE zone = 'north-america'")" = \
  "$(sqlite3 "$root/$B/catalog.db" "SELECT count(*) FROM bandwidth_prices WHERE zone = 'north-america'")" ] ||
	fail "the continent seeds changed"

# ---- recommend uses the refreshed price ---------------------------------------
# Data in southcentralus, GPUs in eastus: 20,000 GB x 3 x 0.021 = 1,260 per run.
want=$(awk 'BEGIN { printf "%g", 20e12 / 1e9 * 3 * 0.02 * 1.05 }')
[ "$want" = 1260 ] || fail "the expectation itself: $want"
[ "$(egress "$db")" = "$want" ] || fail "refreshed catalog: egress per run $(egress "$db"), want $want"

# ---- regions not refreshed keep their rows ------------------------------------
refresh --api-url "$url/api/retail/prices" -r westus2 || fail "refresh westus2: exit $?: $(cat "$work/err")"
[ "$(bw southcentralus)" = "$expect_scus" ] || fail "southcentralus rows not carried over"
[ "$(bw eastus)" = "$expect_eastus" ] || fail "eastus rows not carried over"
[ "$(bw westus2 | wc -l)" = 7 ] || fail "westus2 rows: $(bw westus2)"

# ---- a region answered with no Bandwidth price keeps its old rows ------------
sqlite3 "$db" "UPDATE bandwidth_prices SET usd_per_gb = 0.0333 WHERE zone = 'southcentralus' AND kind = 'intra-continent'" ||
	fail "edit the catalog"
refresh --api-url "$url/fault/bandwidth,empty=southcentralus/api/retail/prices" -r southcentralus ||
	fail "empty Bandwidth: exit $?: $(cat "$work/err")"
# The warning, last (after the fake's two duplicate spot rows of the region's
# Virtual Machines sequence), whichever page arrived first.
[ "$(grep -c Bandwidth "$work/err")" = 1 ] ||
	fail "empty Bandwidth: stderr: $(cat "$work/err")"
[ "$(tail -n 1 "$work/err")" = "gpufit: warning: region 'southcentralus': the API listed no Bandwidth (data transfer) price in USD; kept the previous ones" ] ||
	fail "empty Bandwidth: stderr: $(cat "$work/err")"
[ "$(sqlite3 "$db" "SELECT usd_per_gb FROM bandwidth_prices WHERE zone = 'southcentralus' AND kind = 'intra-continent'")" = 0.0333 ] ||
	fail "empty Bandwidth: the old row was not kept"
[ "$(bw southcentralus | wc -l)" = 7 ] || fail "empty Bandwidth: rows lost: $(bw southcentralus)"
# Its VM prices were refreshed all the same.
[ "$(sqlite3 "$db" "SELECT count(*) FROM prices WHERE region = 'southcentralus' AND source = 'Azure Retail Prices API'")" -gt 0 ] ||
	fail "empty Bandwidth: no VM prices"

# ---- a refreshed region's rows are replaced, stale tiers go -------------------
sqlite3 "$db" "INSERT INTO bandwidth_prices VALUES ('southcentralus', 'internet', 999, 0.5, NULL, '$src')" ||
	fail "insert a stale tier"
refresh --api-url "$url/api/retail/prices" -r southcentralus || fail "refresh again: exit $?: $(cat "$work/err")"
[ "$(bw southcentralus)" = "$expect_scus" ] || fail "southcentralus rows not replaced:
$(bw southcentralus)"

# ---- failures of a Bandwidth request keep the old catalog ---------------------
cp "$db" "$work/before.db"
expect_fail() { # SPEC MESSAGE [ARGS]
	spec=$1 msg=$2
	shift 2
	refresh --api-url "$url/fault/$spec/api/retail/prices" -r eastus "$@"
	rc=$?
	[ "$rc" = 4 ] || fail "$spec: exit $rc, want 4"
	[ "$(cat "$work/err")" = "gpufit: error: catalog refresh failed: $msg (old catalog kept)" ] ||
		fail "$spec: stderr
	got:  $(cat "$work/err")
	want: gpufit: error: catalog refresh failed: $msg (old catalog kept)"
	cmp -s "$db" "$work/before.db" || fail "$spec: the old catalog changed"
	ls -A "$work/c" | grep -q refresh- && fail "$spec: temporary file left behind"
	return 0
}
expect_fail bandwidth,500x9 "region 'eastus', Bandwidth page 1: HTTP 500 after 2 tries"
expect_fail bandwidth,reset,pagesize=5 "region 'eastus', Bandwidth page 2: connection reset after 2 tries"
expect_fail bandwidth,truncate,pagesize=5 "region 'eastus', Bandwidth page 2: truncated body after 1 try" --retries 0
expect_fail bandwidth,offhost,pagesize=5 "region 'eastus', Bandwidth page 1: NextPageLink leads to another host ('https://prices.example.com/api/retail/prices?\$skip=5')"

echo "refresh-bandwidth: $failures failures"
[ "$failures" = 0 ]
