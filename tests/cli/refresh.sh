#!/bin/bash
# `gpufit catalog refresh` against the fake Retail Prices API on 127.0.0.1:
# a first refresh, the prices it stores, every fault (exit 4, the exact
# one-line message, the old catalog byte-for-byte unchanged, no temporary file
# left), retries that succeed, --from-file, usage errors, and a reader running
# during a refresh, two refreshes at once (the second waits for the lock, then
# fails with exit 4).  Usage: tests/cli/refresh.sh [BUILD_DIR]
# shellcheck source=tests/fake_api.bash
. "$(dirname "$0")/../fake_api.bash"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cat_db="$work/cat/catalog.db"
gf() { "$bin" --catalog "$cat_db" "$@"; }
refresh() { gf catalog refresh --retries 2 --timeout 1 "$@" >"$work/out" 2>"$work/err"; }

# Hourly price of one (sku, region, pricing, os) from `catalog show -f json`.
price() {
	gf catalog show "$1" -f json | jq -r --arg r "$2" --arg p "$3" --arg o "${4:-linux}" \
		'[.prices[] | select(.region == $r and .pricing == $p and .os == $o) | .hourly][0]'
}
# Asserts two numbers are equal to 1e-9.
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d < 1e-9) }' ||
		fail "$3: got '$1', want '$2'"
}

# ---- a first refresh creates the catalog ------------------------------------
if ! refresh --api-url "$url/fault/pagesize=20/api/retail/prices" -r eastus -r westeurope; then
	fail "first refresh exited $?"; cat "$work/err"
fi
[ -f "$cat_db" ] || fail "first refresh did not create $cat_db"
grep -q "spec unknown *Standard_NZ40ads_Z1_v9" "$work/out" || fail "summary lacks the unknown size"
# Per region: 5 GPU sizes x 13 rows + 5 odd rows (expired, two spot, zero,
# padded) = 70, plus its 9 Bandwidth rows (5 egress tiers, transfer in, ISP
# routing, intra- and inter-continent) = 79; the non-GPU size's 13 rows are
# not asked for (the filter).
grep -q "^items seen  *158$" "$work/out" || fail "summary: items seen"
grep -q "^items of non-GPU sizes  *0$" "$work/out" || fail "summary: non-GPU items were fetched"
grep -q "two prices for 'Standard_NC24ads_A100_v4' in 'eastus' (spot, linux): kept 0.6 from 2024-09-01T00:00:00Z, dropped 0.7346 from 2024-06-01T00:00:00Z" \
	"$work/err" || fail "no duplicate warning"

same "$(price Standard_NC24ads_A100_v4 eastus payg)" 3.673 "A100 eastus payg"
same "$(price Standard_NC24ads_A100_v4 westeurope payg)" 4.0403 "A100 westeurope payg"
same "$(price Standard_NC24ads_A100_v4 eastus spot)" 0.6 "A100 eastus spot (later date wins)"
# Reservations, exactly as stored (catalog show rounds to 4 decimals):
# 1 year: 3.673 * 8760 * 0.6 = 19305.29 for the term, / 8760 hours;
# 3 years: 3.673 * 26280 * 0.4 = 38610.58 for the term, / 26280 hours.
stored() {
	sqlite3 "$cat_db" "SELECT printf('%.12f', hourly) FROM prices WHERE sku = '$1' AND region = '$2' AND pricing = '$3' AND os = 'linux'"
}
same "$(stored Standard_NC24ads_A100_v4 eastus reserved-1y)" "$(echo '19305.29 / 8760' | bc -l)" \
	"A100 reserved-1y"
same "$(stored Standard_NC24ads_A100_v4 eastus reserved-3y)" "$(echo '38610.58 / 26280' | bc -l)" \
	"A100 reserved-3y"
same "$(price Standard_NC24ads_A100_v4 eastus savings-1y)" 2.5711 "A100 savings-1y"
same "$(price Standard_NC24ads_A100_v4 eastus savings-3y)" 1.65285 "A100 savings-3y"
same "$(price Standard_NC24ads_A100_v4 eastus payg windows)" 4.4076 "A100 windows payg"
same "$(price Standard_NC8as_T4_v3 eastus payg)" 0.752 "padded T4 row"
[ "$(price Standard_NC40ads_H100_v5 eastus payg)" = null ] || fail "a zero price was stored"
gf catalog show Standard_NZ40ads_Z1_v9 -f json >"$work/unk.json" 2>&1 || fail "show unknown size"
[ "$(jq -r .spec_known "$work/unk.json")" = false ] || fail "unknown size not spec_known=false"
# Its GPUs and memory are unknown: NULL in the catalog, null in JSON, "unknown" or "-" in tables.
[ "$(sqlite3 "$cat_db" "SELECT quote(gpu_count) || ',' || quote(gpu_memory_gib) FROM vm_sizes WHERE sku = 'Standard_NZ40ads_Z1_v9'")" = NULL,NULL ] ||
	fail "unknown size: gpu_count/gpu_memory_gib not NULL"
[ "$(jq -c '[.gpu_count, .gpu_memory_gib]' "$work/unk.json")" = '[null,null]' ] ||
	fail "unknown size: JSON gpu_count/gpu_memory_gib not null"
gf catalog show Standard_NZ40ads_Z1_v9 >"$work/unk.txt" 2>&1 || fail "show unknown size (table)"
grep -q "^gpus  *unknown$" "$work/unk.txt" && grep -q "^gpu memory (per gpu)  *unknown$" "$work/unk.txt" &&
	grep -q "^gpu model  *spec unknown$" "$work/unk.txt" || fail "show unknown size: $(cat "$work/unk.txt")"
gf catalog list -r eastus | grep -q "^Standard_NZ40ads_Z1_v9  *eastus  *spec unknown  *-  *-  " ||
	fail "list: the unknown size's GPUs and memory are not shown as unknown"

gf catalog status -f json >"$work/status.json" || fail "catalog status exited $?"
[ "$(jq -r .source "$work/status.json")" = azure-retail-prices-api ] || fail "status: source"
[ "$(jq -r .api_version "$work/status.json")" = 2023-01-01-preview ] || fail "status: api_version"
[ "$(jq -r '.regions | join(",")' "$work/status.json")" = eastus,westeurope ] ||
	fail "status: regions $(jq -c .regions "$work/status.json")"

# Regions not refreshed keep their previous (here: bundled snapshot) prices.
bundled=$(sqlite3 "$root/$B/catalog.db" "SELECT count(*) FROM prices WHERE region NOT IN ('eastus','westeurope')")
kept=$(sqlite3 "$cat_db" "SELECT count(*) FROM prices WHERE region NOT IN ('eastus','westeurope')")
[ "$bundled" = "$kept" ] || fail "other regions' prices: $kept, want $bundled"
[ "$(sqlite3 "$cat_db" "SELECT count(*) FROM prices WHERE region = 'eastus' AND source != 'Azure Retail Prices API'")" = 0 ] ||
	fail "snapshot prices left in a refreshed region"

# ---- faults: exit 4, one exact line, old catalog unchanged ------------------
cp "$cat_db" "$work/before.db"
expect_fail() { # SPEC MESSAGE [OPTIONS...]
	local spec=$1 msg=$2
	shift 2
	refresh --api-url "$url/fault/$spec/api/retail/prices" -r eastus "$@"
	local rc=$?
	[ "$rc" = 4 ] || fail "$spec: exit $rc, want 4"
	local want="gpufit: error: catalog refresh failed: $msg (old catalog kept)"
	[ "$(cat "$work/err")" = "$want" ] || fail "$spec: stderr
	got:  $(cat "$work/err")
	want: $want"
	cmp -s "$cat_db" "$work/before.db" || fail "$spec: the old catalog changed"
	ls -A "$work/cat" | grep -q refresh- && fail "$spec: temporary file left behind"
	return 0
}
expect_fail 429always "region 'eastus', page 1: HTTP 429 after 3 tries"
expect_fail 429wait "region 'eastus', page 1: HTTP 429 after 1 try (Retry-After 120 s exceeds the retry budget of 45 s)"
expect_fail 500x9 "region 'eastus', page 1: HTTP 500 after 2 tries" --retries 1
expect_fail reset,pagesize=20 "region 'eastus', page 2: connection reset after 2 tries" --retries 1
expect_fail hang,pagesize=20 "region 'eastus', page 2: timed out after 1 try" --retries 0
expect_fail truncate,pagesize=20 "region 'eastus', page 2: truncated body after 1 try" --retries 0
# A page that is rejected names the page's URL.
page2() { # SPEC
	printf '%s' "$url/fault/$1/api/retail/prices?api-version=2023-01-01-preview&\$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20armRegionName%20eq%20%27eastus%27%20and%20contains%28armSkuName%2C%20%27Standard_N%27%29&\$skip=20"
}
expect_fail badjson,pagesize=20 "region 'eastus', page 2: invalid JSON at byte 49 (line 1, column 50) in '$(page2 badjson,pagesize=20)'"
expect_fail noitems,pagesize=20 "region 'eastus', page 2: page has no 'Items' array in '$(page2 noitems,pagesize=20)'"
expect_fail offhost,pagesize=20 "region 'eastus', page 1: NextPageLink leads to another host ('https://prices.example.com/api/retail/prices?\$skip=20')"
# 70 items in pages of 20: the 4th (last) page links back to the 2nd.
expect_fail loop,pagesize=20 "region 'eastus', page 4: NextPageLink loops back to a page already read"
expect_fail empty=eastus "region 'eastus': the API returned no items"
expect_fail only=1 "region 'eastus' has 1 GPU sizes, fewer than half of the 6 of the last refresh (--force accepts it)"
# Every stored price is in the currency asked for: a page in another fails.
expect_fail currency=EUR "region 'eastus', page 1: an item of 'Standard_NC24ads_A100_v4' in 'eastus' is priced in EUR, not the USD asked for"
# A server that pages forever is stopped (a region lists about 8 pages).
expect_fail endless,pagesize=50 "region 'eastus', page 1000: NextPageLink still leads on after 1000 pages (a region lists about 8 of 1,000 items); stopped"
# A price that is not a price (1e308 $/h) is skipped as malformed, not stored:
# no "inf" in any output; the size keeps its other prices
refresh --api-url "$url/fault/bigprice=1e308/api/retail/prices" -r eastus -f json ||
	fail "bigprice: exit $?: $(cat "$work/err")"
[ "$(jq '.skipped.malformed' "$work/out")" = 1 ] ||
	fail "bigprice: malformed $(jq '.skipped.malformed' "$work/out"), want 1"
gf catalog list -f csv >"$work/list.csv" || fail "catalog list after bigprice"
grep -qiE '(^|,)[-+]?(inf|nan)(,|$)' "$work/list.csv" &&
	fail "bigprice: inf in catalog list: $(grep -iE '(^|,)(inf|nan)(,|$)' "$work/list.csv" | head -2)"
cp "$work/before.db" "$cat_db"

# A failure in the second region leaves the first region's new prices unused.
refresh --api-url "$url/fault/empty=westeurope/api/retail/prices" -r eastus -r westeurope
[ $? = 4 ] || fail "second region empty: not exit 4"
cmp -s "$cat_db" "$work/before.db" || fail "second region empty: the old catalog changed"

# ---- usage and name errors ---------------------------------------------------
refresh --api-url "http://example.com/api/retail/prices" -r eastus
[ $? = 2 ] || fail "http:// to a remote host: not exit 2"
grep -q "plain http:// is only allowed to a loopback host" "$work/err" || fail "http:// message"
refresh --api-url "$url/api/retail/prices" -r eastuss
[ $? = 3 ] || fail "unknown region: not exit 3"
[ "$(head -n 1 "$work/err")" = "gpufit: error: unknown region 'eastuss'; did you mean 'eastus'?" ] ||
	fail "unknown region message: $(cat "$work/err")"
refresh --currency U5D -r eastus
[ $? = 2 ] || fail "bad currency: not exit 2"
[ "$(head -n 1 "$work/err")" = "gpufit: error: catalog refresh: 'U5D' for '--currency' is not a currency code (three letters, e.g. USD, EUR)" ] ||
	fail "bad currency message: $(cat "$work/err")"
cmp -s "$cat_db" "$work/before.db" || fail "usage errors changed the catalog"

# ---- retries that succeed, "" as the last link, --force ----------------------
start=$(date +%s)
refresh --api-url "$url/fault/429x2,pagesize=40/api/retail/prices" -r eastus ||
	fail "429 twice then success: exit $?"
end=$(date +%s)
[ $((end - start)) -ge 2 ] || fail "Retry-After: 1 not honoured ($((end - start)) s for two 429s)"
refresh --api-url "$url/fault/503x1,emptylink/api/retail/prices" -r eastus ||
	fail "503 then success with an empty last link: exit $?"
refresh --api-url "$url/fault/only=1/api/retail/prices" -r eastus --force ||
	fail "--force did not accept a shrunken region"
[ "$(sqlite3 "$cat_db" "SELECT value FROM meta WHERE key = 'sizes.eastus'")" = 1 ] ||
	fail "sizes.eastus not updated after --force"

# ---- --from-file: saved pages, no network ------------------------------------
q='api-version=2023-01-01-preview&$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20armRegionName%20eq%20%27westus2%27'
curl -sf "$url/fault/pagesize=50/api/retail/prices?$q" >"$work/p1.json" || fail "curl page 1"
curl -sf "$url/fault/pagesize=50/api/retail/prices?$q&\$skip=50" >"$work/p2.json" || fail "curl page 2"
ff="$work/ff/catalog.db"
"$bin" --catalog "$ff" catalog refresh --from-file "$work/p1.json" "$work/p2.json" \
	>"$work/out" 2>"$work/err" || fail "--from-file: exit $?"
same "$("$bin" --catalog "$ff" catalog show Standard_NC4as_T4_v3 -f json |
	jq '[.prices[] | select(.region == "westus2" and .pricing == "payg" and .os == "linux") | .hourly][0]')" \
	0.526 "--from-file T4 westus2 payg"
[ "$(sqlite3 "$ff" "SELECT value FROM meta WHERE key = 'regions'")" = westus2 ] ||
	fail "--from-file: regions meta"
"$bin" --catalog "$ff" catalog refresh --from-file "$work/p1.json" -r eastus \
	>"$work/out" 2>"$work/err"
[ $? = 4 ] || fail "--from-file without the asked region: not exit 4"
# User catalogs of schema version 1 (before gpu_models.precisions) and 2
# (before the model_presets architecture columns, vm_sizes.retired_on and
# successor, prices.observed_date) are read by a refresh:
# their prices are kept and the new catalog has version 3 with precisions and
# the architecture columns.
arch_cols="hf_repo moe_shared_experts moe_intermediate moe_layers mla_kv_lora_rank
mla_qk_rope_head_dim window_tokens windowed_layers native_precision
native_expert_precision tied_embeddings mtp_params_b"
for v in 1 2; do
	old="$work/v$v/catalog.db"
	mkdir -p "$work/v$v"
	cp "$ff" "$old"
	for c in $arch_cols; do
		sqlite3 "$old" "ALTER TABLE model_presets DROP COLUMN $c" ||
			fail "making a version-$v catalog: $c"
	done
	# (vm_sizes.retired_on and successor stay: table checks name them, and a
	# refresh never reads them from an older catalog)
	sqlite3 "$old" "ALTER TABLE prices DROP COLUMN observed_date" ||
		fail "making a version-$v catalog: prices.observed_date"
	if [ "$v" = 1 ]; then
		sqlite3 "$old" "ALTER TABLE gpu_models DROP COLUMN precisions" ||
			fail "making a version-1 catalog"
	fi
	sqlite3 "$old" "PRAGMA user_version = $v" || fail "making a version-$v catalog"
	# read directly it is refused with the way out
	"$bin" --catalog "$old" catalog status >"$work/out" 2>"$work/err"
	[ $? = 4 ] || fail "a version-$v catalog: not exit 4"
	grep -qF "catalog schema version $v is older than this gpufit's (3); run 'gpufit catalog refresh' to rebuild it (its prices are kept)" "$work/err" ||
		fail "a version-$v catalog: $(cat "$work/err")"
	"$bin" --catalog "$old" catalog refresh --from-file "$work/p1.json" "$work/p2.json" \
		>"$work/out" 2>"$work/err" ||
		fail "refresh of a version-$v catalog: exit $? $(cat "$work/err")"
	[ "$(sqlite3 "$old" 'PRAGMA user_version')" = 3 ] ||
		fail "refreshed version-$v catalog is not version 3"
	[ "$(sqlite3 "$old" "SELECT precisions FROM gpu_models WHERE name = 'T4-PCIe-16GB'")" = \
		"fp32 fp16 int8w int4w" ] || fail "refreshed catalog lacks the T4's precisions"
	[ "$(sqlite3 "$old" "SELECT native_expert_precision FROM model_presets
		WHERE name = 'gpt-oss-120b'")" = mxfp4 ] ||
		fail "refreshed version-$v catalog lacks the presets' architecture columns"
	[ "$(sqlite3 "$old" "SELECT count(*) FROM prices")" = \
		"$(sqlite3 "$ff" "SELECT count(*) FROM prices")" ] ||
		fail "refresh of a version-$v catalog did not keep its prices"
done
# A user catalog of schema version 2 (prices without observed_date) is refused
# by the reader and read by a refresh: its prices are kept without a day, the
# refreshed region's prices are observed on the refresh day (GPUFIT_NOW).
v2="$work/v2dates/catalog.db"
mkdir -p "$work/v2dates"
cp "$ff" "$v2"
sqlite3 "$v2" "UPDATE prices SET region = 'japaneast' WHERE region = 'westus2';
	ALTER TABLE prices DROP COLUMN observed_date; PRAGMA user_version = 2" ||
	fail "making a version-2 catalog"
"$bin" --catalog "$v2" catalog status >"$work/out" 2>"$work/err"
[ $? = 4 ] || fail "a version-2 catalog is read: exit $?"
GPUFIT_NOW=2026-10-02T08:00:00Z "$bin" --catalog "$v2" catalog refresh --from-file "$work/p1.json" \
	>"$work/out" 2>"$work/err" || fail "refresh of a version-2 catalog: exit $? $(cat "$work/err")"
[ "$(sqlite3 "$v2" 'PRAGMA user_version')" = 3 ] || fail "refreshed v2 catalog is not version 3"
[ "$(sqlite3 "$v2" "SELECT DISTINCT observed_date FROM prices WHERE region = 'westus2'")" = \
	2026-10-02 ] || fail "refreshed prices are not observed on the refresh day"
[ "$(sqlite3 "$v2" "SELECT count(*) FROM prices WHERE region = 'japaneast' AND observed_date IS NULL")" -gt 0 ] ||
	fail "the version-2 catalog's prices are not carried over without a day"
# A saved page that is not JSON: the file, the byte, the line and column
# (a pretty-printed page of 58 bytes cut after its third line: the error is at
# its last byte, the newline that ends line 3 at column 43), nothing written.
printf '{\n  "Items": [\n    {"armSkuName": "Standard_NC4as_T4_v3",\n' >"$work/cut.json"
"$bin" --catalog "$ff" catalog refresh --from-file "$work/p1.json" "$work/cut.json" \
	>"$work/out" 2>"$work/err"
[ $? = 4 ] || fail "--from-file with a cut page: not exit 4"
want="gpufit: error: catalog refresh failed: '$work/cut.json': invalid JSON at byte 57 (line 3, column 43) (old catalog kept)"
[ "$(cat "$work/err")" = "$want" ] || fail "--from-file with a cut page: stderr
	got:  $(cat "$work/err")
	want: $want"

# ---- a reader during a refresh sees one whole catalog -----------------------
cp "$cat_db" "$work/before.db"
old_prices=$(gf catalog status -f json | jq -r .counts.prices)
gf catalog refresh --api-url "$url/fault/slow=0.15,pagesize=8/api/retail/prices" -r eastus \
	>"$work/slow.out" 2>"$work/slow.err" &
bg=$!
reads=0
: >"$work/seen"
deadline=$((SECONDS + 120))
while kill -0 "$bg" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do
	if ! gf catalog status -f json >"$work/r.json" 2>"$work/r.err" ||
	   ! jq -r .counts.prices "$work/r.json" >>"$work/seen" ||
	   ! gf catalog show Standard_NC24ads_A100_v4 -f json >/dev/null 2>&1; then
		fail "a reader during refresh failed: $(cat "$work/r.err")"
		break
	fi
	reads=$((reads + 1))
done
wait_bounded 60 "$bg" || fail "slow refresh: exit $?"
[ "$reads" -ge 3 ] || fail "only $reads reads happened during the refresh"
# Every read saw the whole old catalog or the whole new one: its price count
# is one of the two, never a catalog in between (or an empty one).
new_prices=$(gf catalog status -f json | jq -r .counts.prices)
[ "$old_prices" -gt 0 ] && [ "$new_prices" -gt 0 ] || fail "price counts $old_prices, $new_prices"
bad_reads=$(grep -cvxF -e "$old_prices" -e "$new_prices" "$work/seen")
[ "$bad_reads" = 0 ] || fail "$bad_reads reads saw neither catalog: $(sort -u "$work/seen" | head -c 200)"
[ "$(sqlite3 "$cat_db" 'PRAGMA integrity_check')" = ok ] || fail "integrity after refresh"

# ---- two refreshes at once: one writer at a time, readers never wait ---------
lock="$cat_db.lock"
[ -f "$lock" ] || fail "no lock file beside the catalog"
busy="gpufit: error: catalog refresh failed: another refresh is running (waited 2 s for '$lock') (old catalog kept)"
# A second refresh while the first is building: it waits 2 s, then exit 4.
cp "$cat_db" "$work/before.db"
gf catalog refresh --api-url "$url/fault/slow=0.25,pagesize=8/api/retail/prices" -r eastus \
	>"$work/first.out" 2>"$work/first.err" &
bg=$!
for _ in $(seq 100); do ls -A "$work/cat" | grep -q refresh- && break; sleep 0.05; done
ls -A "$work/cat" | grep -q refresh- || fail "the first refresh did not start building"
start=$(date +%s%N)
refresh --api-url "$url/api/retail/prices" -r westeurope
rc=$?
waited=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$rc" = 4 ] || fail "second refresh during the first: exit $rc, want 4"
[ "$(cat "$work/err")" = "$busy" ] || fail "second refresh: stderr
	got:  $(cat "$work/err")
	want: $busy"
[ "$waited" -ge 1900 ] || fail "second refresh gave up after $waited ms, want about 2000"
gf catalog show Standard_NC24ads_A100_v4 -f json >/dev/null 2>&1 ||
	fail "a reader failed while a refresh held the lock"
cmp -s "$cat_db" "$work/before.db" || fail "the refused refresh changed the catalog"
wait_bounded 120 "$bg" || fail "the first refresh failed: $(cat "$work/first.err")"
ls -A "$work/cat" | grep -q refresh- && fail "temporary file left after two refreshes"
# Once it is done, the lock is free again.
refresh --api-url "$url/api/retail/prices" -r westeurope || fail "refresh after the first: exit $?"
# A price-only size carried over from the previous catalog stays unknown.
[ "$(sqlite3 "$cat_db" "SELECT quote(gpu_count) || ',' || quote(gpu_memory_gib) || ',' || spec_known FROM vm_sizes WHERE sku = 'Standard_NZ40ads_Z1_v9'")" = NULL,NULL,0 ] ||
	fail "carried-over unknown size: gpu_count/gpu_memory_gib not NULL"
if command -v flock >/dev/null; then
	# A lock held for less than the wait: the refresh waits, then runs.
	flock "$lock" sleep 1 &
	holder=$!
	sleep 0.2
	start=$(date +%s%N)
	refresh --api-url "$url/api/retail/prices" -r eastus ||
		fail "refresh behind a 1 s lock: exit $? ($(cat "$work/err"))"
	waited=$(( ($(date +%s%N) - start) / 1000000 ))
	[ "$waited" -ge 500 ] || fail "refresh behind a 1 s lock did not wait ($waited ms)"
	wait_bounded 30 "$holder"
	# --from-file writes too, so it takes the same lock.
	flock "$lock" sleep 4 &
	holder=$!
	sleep 0.2
	cp "$cat_db" "$work/before.db"
	gf catalog refresh --from-file "$work/p1.json" >"$work/out" 2>"$work/err"
	rc=$?
	[ "$rc" = 4 ] && [ "$(cat "$work/err")" = "$busy" ] ||
		fail "--from-file behind a held lock: exit $rc, $(cat "$work/err")"
	cmp -s "$cat_db" "$work/before.db" || fail "--from-file behind a lock changed the catalog"
	kill "$holder" 2>/dev/null
	wait_bounded 30 "$holder" 2>/dev/null
fi

# ---- the catalog path: a link is followed, a FIFO is never opened ----------
cp "$cat_db" "$work/shared.db"
ln -s "$work/shared.db" "$work/link.db"
"$bin" --catalog "$work/link.db" catalog refresh --api-url "$url/api/retail/prices" -r eastus \
	>"$work/out" 2>"$work/err" || fail "refresh through a link: $(cat "$work/err")"
[ -L "$work/link.db" ] || fail "refresh through a link replaced the link"
cmp -s "$work/shared.db" "$cat_db" && fail "refresh through a link left its target as it was"
mkfifo "$work/fifo.db"
timeout 20 "$bin" --catalog "$work/fifo.db" catalog refresh --api-url "$url/api/retail/prices" \
	-r eastus >"$work/out" 2>"$work/err"
rc=$?
[ "$rc" = 4 ] || fail "refresh of a FIFO: exit $rc, want 4"
[ "$(cat "$work/err")" = "gpufit: error: catalog refresh failed: catalog '$work/fifo.db': not a regular file (old catalog kept)" ] ||
	fail "refresh of a FIFO: $(cat "$work/err")"
[ -p "$work/fifo.db" ] || fail "refresh of a FIFO replaced it"

echo "refresh: $failures failures"
[ "$failures" = 0 ]
