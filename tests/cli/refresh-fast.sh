#!/bin/bash
# `gpufit catalog refresh` at scale, against the fake Retail Prices API on
# 127.0.0.1, which counts what it sees (GET /stats): the GPU-size filter is
# sent and gives the same catalog as an unfiltered sequential refresh; an
# HTTP 400 to it falls back with the exact warning; regions run concurrently
# over a bounded number of reused connections; a 429 with Retry-After stops
# every transfer (no request reaches the server during the back-off); pages
# come gzip-compressed; progress is drawn on a terminal only; --all-regions
# and the default region set; --currency; failures in a concurrent refresh
# leave the old catalog byte-for-byte.  Usage: tests/cli/refresh-fast.sh [BUILD_DIR]
# shellcheck source=tests/fake_api.bash
. "$(dirname "$0")/../fake_api.bash"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# What the server saw since the last call (and zero it).
stats() { curl -sf "$url/stats?reset=1" >"$work/stats.json" || fail "GET /stats"; }
stat() { jq -r "$@" "$work/stats.json"; }
# Every price and size of a catalog, one line each, in a fixed order.
dump() {
	sqlite3 "$1" "SELECT sku, region, pricing, os, currency, printf('%.9f', hourly), effective_date FROM prices ORDER BY 1, 2, 3, 4, 5" \
		"SELECT sku, series, spec_known FROM vm_sizes ORDER BY 1"
}
three="-r eastus -r westeurope -r westus2"
filter_eastus="serviceName eq 'Virtual Machines' and armRegionName eq 'eastus' and contains(armSkuName, 'Standard_N')"

# ---- the filter is sent, and the catalog is what the old method writes ------
stats
# shellcheck disable=SC2086
"$bin" --catalog "$work/f/catalog.db" catalog refresh --api-url "$url/fault/pagesize=7/api/retail/prices" \
	$three >"$work/out" 2>"$work/err" || fail "filtered refresh: exit $?: $(cat "$work/err")"
# Off a terminal stderr has the warnings only (the fake's duplicate spot
# rows, two per region), in region order whatever page came first.
grep -v "^gpufit: warning: two prices for 'Standard_NC24ads_A100_v4' in '[a-z0-9]*' (spot, linux)" \
	"$work/err" | grep -q . && fail "filtered refresh: stderr off a terminal: $(cat "$work/err")"
[ "$(sed -E "s/.* in '([a-z0-9]*)'.*/\1/" "$work/err" | tr '\n' ' ')" = "eastus eastus westeurope westeurope westus2 westus2 " ] ||
	fail "warnings not in region order: $(cat "$work/err")"
stats
[ "$(stat --arg f "$filter_eastus" '.filters[$f]')" = 1 ] ||
	fail "the filter was not sent: $(stat .filters)"
[ "$(stat '[.filters | keys[] | select(contains("contains(armSkuName, '"'"'Standard_N'"'"')"))] | length')" = 3 ] ||
	fail "not every region asked with the filter: $(stat .filters)"
# 70 GPU items per region in pages of 7: 10 pages each, plus 9 Bandwidth items
# in 2 pages each, every one compressed.
[ "$(stat .requests)" = 36 ] || fail "filtered refresh: $(stat .requests) requests, want 36"
[ "$(stat .gzip)" = 36 ] || fail "filtered refresh: $(stat .gzip) gzip answers of 36"
grep -q "^pages  *36$" "$work/out" || fail "filtered refresh: pages: $(cat "$work/out")"
# Default --jobs 4, six sequences (3 regions x VM and Bandwidth): at most 4
# connections for 36 requests.
[ "$(stat .connections)" -le 4 ] || fail "connections not reused: $(stat .connections) for 36 requests"

# shellcheck disable=SC2086
"$bin" --catalog "$work/u/catalog.db" catalog refresh --api-url "$url/fault/pagesize=7/api/retail/prices" \
	$three --sequential --no-filter >"$work/out" 2>"$work/err" ||
	fail "unfiltered sequential refresh: exit $?: $(cat "$work/err")"
stats
[ "$(stat '[.filters | keys[] | select(contains("contains("))] | length')" = 0 ] ||
	fail "--no-filter sent contains(): $(stat .filters)"
[ "$(stat .connections)" = 1 ] || fail "--sequential used $(stat .connections) connections"
# 83 items per region (the non-GPU size's 13 rows too) in pages of 7: 12 pages;
# 6 of its 13 rows are prices (payg, 2 reservations, spot, Windows payg and spot).
# Plus 2 Bandwidth pages per region.
[ "$(stat .requests)" = 42 ] || fail "unfiltered refresh: $(stat .requests) requests, want 42"
grep -q "^items of non-GPU sizes  *18$" "$work/out" || fail "unfiltered: non-GPU items: $(cat "$work/out")"
dump "$work/f/catalog.db" >"$work/f.dump"
dump "$work/u/catalog.db" >"$work/u.dump"
[ "$(grep -c 'Azure\|eastus\|westeurope\|westus2' "$work/f.dump")" -gt 100 ] ||
	fail "the filtered catalog has too few prices: $(wc -l <"$work/f.dump")"
cmp -s "$work/f.dump" "$work/u.dump" ||
	fail "filtered and unfiltered catalogs differ: $(diff "$work/f.dump" "$work/u.dump" | head -5)"

# ---- an HTTP 400 to the filter: the exact warning, then the same catalog ----
warn="gpufit: warning: the API answered HTTP 400 to the GPU-size filter contains(armSkuName, 'Standard_N'); fetching every Virtual Machines price instead (slower)"
# shellcheck disable=SC2086
"$bin" --catalog "$work/n/catalog.db" catalog refresh --api-url "$url/fault/nocontains,pagesize=7/api/retail/prices" \
	$three >"$work/out" 2>"$work/err" || fail "400 fallback: exit $?: $(cat "$work/err")"
[ "$(grep -c "HTTP 400" "$work/err")" = 1 ] || fail "400 fallback: the warning is not given once"
[ "$(head -n 1 "$work/err")" = "$warn" ] || fail "400 fallback: stderr
	got:  $(head -n 1 "$work/err")
	want: $warn"
stats
# Four sequences start at once (eastus and westeurope, VM and Bandwidth): the
# two filtered first pages are refused, then 3 x 12 unfiltered pages and
# 3 x 2 Bandwidth pages (no contains()).
[ "$(stat .requests)" = 44 ] || fail "400 fallback: $(stat .requests) requests, want 44"
# With one sequence at a time only the first region's filtered page is refused:
# the regions after it ask without the filter (1 + 3 x 12 + 3 x 2 requests).
"$bin" --catalog "$work/n1/catalog.db" catalog refresh --api-url "$url/fault/nocontains,pagesize=7/api/retail/prices" \
	$three --jobs 1 >"$work/out" 2>"$work/err" || fail "400 fallback, --jobs 1: exit $?"
stats
[ "$(stat .requests)" = 43 ] || fail "400 fallback, --jobs 1: $(stat .requests) requests, want 43"
dump "$work/n/catalog.db" >"$work/n.dump"
cmp -s "$work/n.dump" "$work/u.dump" || fail "400 fallback: catalog differs from the unfiltered one"
# --no-filter never sends contains(), so such a server serves it at once.
stats
"$bin" --catalog "$work/n/catalog.db" catalog refresh --api-url "$url/fault/nocontains/api/retail/prices" \
	-r eastus --no-filter --retries 0 >"$work/out" 2>"$work/err"
[ $? = 0 ] || fail "--no-filter with nocontains: exit $?: $(cat "$work/err")"
stats
# One Virtual Machines page and one Bandwidth page.
[ "$(stat .requests)" = 2 ] || fail "--no-filter with nocontains: $(stat .requests) requests, want 2"

# ---- a size the filter would miss: the refresh asks for every size --------
cp "$work/u/catalog.db" "$work/d.db"
sqlite3 "$work/d.db" "INSERT INTO vm_sizes (sku, series, vcpus, ram_gib, spec_known, source) VALUES ('Standard_D4s_v5', 'Dsv5', 4, 16, 0, 'test')" ||
	fail "insert a non-GPU size"
stats
"$bin" --catalog "$work/d.db" catalog refresh --api-url "$url/api/retail/prices" -r eastus \
	>"$work/out" 2>"$work/err" || fail "refresh with a non-N size: exit $?: $(cat "$work/err")"
stats
[ "$(stat '[.filters | keys[] | select(contains("contains("))] | length')" = 0 ] ||
	fail "a catalog with Standard_D4s_v5 was refreshed with the filter: $(stat .filters)"
# Its Linux payg price in eastus: 0.192 (the fake's D4s v5, factor 1.0).
[ "$(sqlite3 "$work/d.db" "SELECT hourly FROM prices WHERE sku = 'Standard_D4s_v5' AND region = 'eastus' AND pricing = 'payg' AND os = 'linux'")" = 0.192 ] ||
	fail "the non-N size lost its price"

# ---- 429 + Retry-After during a concurrent refresh: one shared back-off -----
# The first request gets 429 with Retry-After: 3.  Four regions of 10 pages
# each are running, 0.15 s a page; without a shared back-off the other three
# would go on sending about 20 requests in the next 1.5 s.  The server counts
# requests that reach it 0.5 s to 3 s after its 429 (the first 0.5 s may still
# bring requests sent before the client read the 429): there must be none.
stats
start=$(date +%s%N)
"$bin" --catalog "$work/t/catalog.db" catalog refresh --api-url "$url/fault/throttle=3,slow=0.15,pagesize=7/api/retail/prices" \
	-r eastus -r westeurope -r westus2 -r northeurope --jobs 4 >"$work/out" 2>"$work/err" ||
	fail "throttled refresh: exit $?: $(cat "$work/err")"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
stats
[ "$(stat .throttled)" = 0 ] || fail "$(stat .throttled) requests reached the server during the back-off"
[ "$ms" -ge 3000 ] || fail "throttled refresh took $ms ms, under the Retry-After of 3 s"
# 40 VM pages and 4 x 2 Bandwidth pages, plus the one answered 429.
[ "$(stat .requests)" = 49 ] || fail "throttled refresh: $(stat .requests) requests, want 49"
[ "$(stat .connections)" -le 4 ] || fail "throttled refresh: $(stat .connections) connections, want <= 4"
# The counter counts: a client that does not wait is seen.
curl -s -o /dev/null "$url/fault/throttle=3,x/api/retail/prices?\$filter=armRegionName%20eq%20%27eastus%27"
sleep 0.8
curl -s -o /dev/null "$url/fault/throttle=3,x/api/retail/prices?\$filter=armRegionName%20eq%20%27eastus%27"
stats
[ "$(stat .throttled)" = 1 ] || fail "the throttle counter missed a request: $(stat .throttled)"
# Without gzip in Accept-Encoding the server does not compress.
[ "$(stat .gzip)" = 0 ] || fail "the fake compressed for a client that did not ask"

# ---- failures in a concurrent refresh keep the old catalog ------------------
cp "$work/f/catalog.db" "$work/before.db"
for spec in empty=westus2 500x9 badjson,pagesize=7 reset,pagesize=7 \
	bandwidth,500x9 bandwidth,badjson,pagesize=7 bandwidth,reset,pagesize=7 \
	bandwidth,truncate,pagesize=7; do
	# shellcheck disable=SC2086
	"$bin" --catalog "$work/f/catalog.db" catalog refresh --api-url "$url/fault/$spec/api/retail/prices" \
		$three --retries 1 --timeout 2 >"$work/out" 2>"$work/err"
	rc=$?
	[ "$rc" = 4 ] || fail "$spec: exit $rc, want 4"
	grep -q "^gpufit: error: catalog refresh failed: region '[a-z0-9]*'.*(old catalog kept)$" "$work/err" ||
		fail "$spec: message: $(cat "$work/err")"
	[ "$(wc -l <"$work/err")" = 1 ] || fail "$spec: more than one line on stderr"
	cmp -s "$work/f/catalog.db" "$work/before.db" || fail "$spec: the old catalog changed"
	ls -A "$work/f" | grep -q refresh- && fail "$spec: temporary file left behind"
done

# ---- --currency: VM prices in that currency --------------------------------
stats
"$bin" --catalog "$work/e/catalog.db" catalog refresh --api-url "$url/api/retail/prices" -r eastus \
	--currency EUR >"$work/out" 2>"$work/err" || fail "--currency EUR: exit $?"
stats
# The Bandwidth query is in EUR too; the catalog keeps data-transfer prices
# in USD only, so none is stored and the refresh says so.
[ "$(stat '.filters | length')" = 2 ] || fail "--currency EUR: filters $(stat .filters)"
[ "$(stat --arg f "serviceName eq 'Bandwidth' and armRegionName eq 'eastus' and priceType eq 'Consumption'" '.filters[$f]')" = 1 ] ||
	fail "--currency EUR: no Bandwidth query: $(stat .filters)"
grep -qx "gpufit: warning: region 'eastus': the API listed no Bandwidth (data transfer) price in USD; kept the previous ones" "$work/err" ||
	fail "--currency EUR: no Bandwidth warning: $(cat "$work/err")"
[ "$(sqlite3 "$work/e/catalog.db" "SELECT count(*) FROM bandwidth_prices WHERE zone = 'eastus'")" = 0 ] ||
	fail "--currency EUR: a non-USD Bandwidth price was stored"
# A100 eastus payg: 3.673 USD x 0.9 (the fake's EUR rate) = 3.3057 EUR.
[ "$(sqlite3 "$work/e/catalog.db" "SELECT printf('%.4f', hourly) FROM prices WHERE sku = 'Standard_NC24ads_A100_v4' AND region = 'eastus' AND pricing = 'payg' AND os = 'linux' AND currency = 'EUR'")" = 3.3057 ] ||
	fail "--currency EUR: A100 payg not 3.3057 EUR"
[ "$(sqlite3 "$work/e/catalog.db" "SELECT value FROM meta WHERE key = 'currency'")" = EUR ] ||
	fail "--currency EUR: meta currency"

# ---- default regions, --all-regions ------------------------------------------
bundled_priced=$(sqlite3 "$root/$B/catalog.db" "SELECT count(DISTINCT region) FROM prices")
all=$(sqlite3 "$root/$B/catalog.db" "SELECT count(*) FROM regions")
"$bin" --catalog "$work/a/catalog.db" catalog refresh --api-url "$url/api/retail/prices" \
	>"$work/out" 2>"$work/err" || fail "default regions: exit $?: $(cat "$work/err")"
stats
# Each region: one Virtual Machines and one Bandwidth query.
[ "$(stat '[.filters | keys[] | select(startswith("serviceName eq '"'"'Virtual Machines'"'"'"))] | length')" = "$bundled_priced" ] ||
	fail "default regions: asked $(stat '.filters | length'), want the $bundled_priced priced regions"
[ "$(stat '[.filters | keys[] | select(startswith("serviceName eq '"'"'Bandwidth'"'"'"))] | length')" = "$bundled_priced" ] ||
	fail "default regions: Bandwidth asked $(stat '.filters | length'), want $bundled_priced"
grep -q "^regions  *$bundled_priced$" "$work/out" || fail "default regions: summary"
"$bin" --catalog "$work/a/catalog.db" catalog refresh --api-url "$url/api/retail/prices" --all-regions \
	>"$work/out" 2>"$work/err" || fail "--all-regions: exit $?: $(cat "$work/err")"
stats
[ "$(stat '[.filters | keys[] | select(startswith("serviceName eq '"'"'Virtual Machines'"'"'"))] | length')" = "$all" ] || fail "--all-regions: asked $(stat '.filters | length'), want $all"
[ "$(stat '[.filters | keys[] | select(startswith("serviceName eq '"'"'Bandwidth'"'"'"))] | length')" = "$all" ] || fail "--all-regions: Bandwidth asked $(stat '.filters | length'), want $all"
[ "$(stat .connections)" -le 4 ] || fail "--all-regions: $(stat .connections) connections, want <= 4"
# Now the catalog has prices for every region: the default follows it.
"$bin" --catalog "$work/a/catalog.db" catalog refresh --api-url "$url/api/retail/prices" \
	>"$work/out" 2>"$work/err" || fail "default after --all-regions: exit $?"
stats
[ "$(stat '[.filters | keys[] | select(startswith("serviceName eq '"'"'Virtual Machines'"'"'"))] | length')" = "$all" ] || fail "default after --all-regions: $(stat '.filters | length')"
"$bin" --catalog "$work/a/catalog.db" catalog refresh --all-regions -r eastus >"$work/out" 2>"$work/err"
[ $? = 2 ] || fail "--all-regions with --region: not exit 2"
[ "$(head -n 1 "$work/err")" = "gpufit: error: catalog refresh: '--all-regions' and '--region' do not go together" ] ||
	fail "--all-regions with --region: $(cat "$work/err")"
"$bin" --catalog "$work/a/catalog.db" catalog refresh --jobs 9 -r eastus >"$work/out" 2>"$work/err"
[ $? = 2 ] || fail "--jobs 9: not exit 2"

# ---- progress: on a terminal only -------------------------------------------
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "'$bin' --catalog '$work/p/catalog.db' catalog refresh --api-url '$url/fault/pagesize=7/api/retail/prices' $three" \
		/dev/null >"$work/tty.out" 2>&1 || fail "refresh on a terminal: exit $?"
	tr '\r' '\n' <"$work/tty.out" >"$work/tty.lines"
	grep -q "^refresh: regions 0/3  pages 1  items 7  elapsed [0-9.]* s  ETA -" "$work/tty.lines" ||
		fail "no first progress line: $(head -c 300 "$work/tty.lines")"
	# 10 Virtual Machines pages and 2 Bandwidth pages (9 rows) per region.
	grep -q "^refresh: regions 3/3  pages 36  items 237  elapsed [0-9.]* s  ETA 0 s" "$work/tty.lines" ||
		fail "no last progress line: $(tail -c 300 "$work/tty.lines")"
	grep -q "^refresh: regions 1/3 .* ETA [0-9]* s" "$work/tty.lines" ||
		fail "no ETA once a region is done"
else
	echo "note: script(1) cannot open a terminal here; progress on a tty not checked"
fi

echo "refresh-fast: $failures failures"
[ "$failures" = 0 ]
