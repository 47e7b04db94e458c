#!/bin/bash
# Text from the inputs reaches no terminal or page raw (docs/output.md "Text
# from inputs"): host labels with ESC, BEL, a raw 8-bit CSI (0x9b), '|', '<'
# and '*' through analyze's table, "unpriced:" line, Markdown, CSV and HTML;
# workload names of diff -f markdown|csv; a MIG profile name in a page
# <title>; a catalog value of 1e300 in catalog list/show; a NUL in a JSON
# key; a reservation priced 1e-320 in a refresh.
. "$(dirname "$0")/lib.bash"
cd "$ROOT" || exit 2

# ---- analyze: a host label of hostile bytes ---------------------------------
# Prometheus text with 12 samples a minute apart (mean 10.5%, p95 16%);
# brazilsouth has no payg price of Standard_NC24ads_A100_v4 in the bundled
# catalog, so the GPU is unpriced and the "unpriced:" line names the host.
host=$'h\e[31m|<b>\x9b*x*\a'
for i in $(seq 0 11); do
	printf 'DCGM_FI_DEV_GPU_UTIL{gpu="0",modelName="NVIDIA A100 80GB PCIe",Hostname="%s"} %d %d\n' \
		"$host" $((5 + i)) $((1700000000000 + i * 60000))
done >"$T/hostile.prom"
# the label as each format must show it
term='h\x1b[31m|<b>\x9b*x*\x07'
md='h\\x1b\[31m\|\<b>\\x9b\*x\*\\x07'
html='h\x1b[31m|&lt;b&gt;\x9b*x*\x07'
expect_rc 0 "$GPUFIT" analyze "$T/hostile.prom" --region brazilsouth
expect_grep "  unpriced: $term gpu 0: Standard_NC24ads_A100_v4 has no payg price in brazilsouth in USD" "$T/out"
expect_grep "$term  0    -" "$T/out"
expect_grep "note: host '$term' assumed to be Standard_NC24ads_A100_v4" "$T/err"
expect_rc 0 "$GPUFIT" analyze "$T/hostile.prom" --region brazilsouth -f markdown
expect_grep "| $md | 0 | - | - | underused |" "$T/out"
expect_grep "  unpriced: $md gpu 0: Standard_NC24ads_A100_v4 has no payg price" "$T/out"
expect_grep "- $md gpu 0: underused: gpu_util p95 is 16%" "$T/out"
expect_rc 0 "$GPUFIT" analyze "$T/hostile.prom" --region brazilsouth -f csv
expect_grep "$term,0,,,underused,10.50,16.00," "$T/out"
expect_rc 0 "$GPUFIT" analyze "$T/hostile.prom" --region brazilsouth -f html
expect_grep "<h4>$html GPU 0 " "$T/out"
# No output of any format holds a control byte but a line end (CSV: CRLF),
# nor a raw 0x9b; JSON escapes them (\u001b; the stray 0x9b, not UTF-8, as
# \ufffd) and stays valid UTF-8 (docs/output.md).
for f in table markdown csv html json; do
	"$GPUFIT" analyze "$T/hostile.prom" --region brazilsouth -f "$f" >"$T/o.$f" 2>"$T/e.$f"
	bad=$'[\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x9b]'
	LC_ALL=C grep -q "$bad" "$T/o.$f" "$T/e.$f" &&
		fail "analyze -f $f: a control byte reached the output"
done
python3 -c 'import json, sys; d = json.load(open(sys.argv[1], encoding="utf-8"))' "$T/o.json" ||
	fail "analyze -f json: not valid UTF-8 JSON"
expect_grep '"host": "h\u001b[31m|<b>\ufffd*x*\u0007"' "$T/o.json"
# valid UTF-8 stays; C1 (U+0085) and a bidi override (U+202E) are escaped
printf 'DCGM_FI_DEV_GPU_UTIL{gpu="0",modelName="NVIDIA A100 80GB PCIe",Hostname="%s"} 5 1700000000000\n' \
	$'\xc3\xa9t\xc2\x85\xe2\x80\xaeu' >"$T/utf8.prom"
expect_rc 0 "$GPUFIT" -f json analyze "$T/utf8.prom" --region brazilsouth
expect_grep $'"host": "\xc3\xa9t\\u0085\\u202eu"' "$T/out"

# ---- diff: a workload name of hostile bytes ---------------------------------
"$GPUFIT" recommend tests/fixtures/fleets/five-services.yaml -f json >"$T/base.json" ||
	fail "recommend for diff: exit $?"
python3 - "$T/base.json" "$T/head.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["workloads"][0]["name"] = "chat\x1b[31m|<b>\x9b*x*"
d["workloads"][1]["name"] = "=cmd|' /C calc'!A0"
json.dump(d, open(sys.argv[2], "w"))
PY
expect_rc 0 "$GPUFIT" diff "$T/base.json" "$T/head.json" -f markdown
expect_grep '| chat\\x1b\[31m\|\<b>\\u009b\*x\* | added | - |' "$T/out"
expect_grep '- **chat\\x1b\[31m\|\<b>\\u009b\*x\*** (added): ' "$T/out"
expect_grep "| =cmd\\|' /C calc'!A0 | added |" "$T/out"
expect_rc 0 "$GPUFIT" diff "$T/base.json" "$T/head.json" -f csv
expect_grep 'chat\x1b[31m|<b>\u009b*x*,added,,' "$T/out"
# a spreadsheet formula is text: a leading quote, and the field quoted for its '
expect_grep "'=cmd|' /C calc'!A0,added,," "$T/out"
expect_rc 0 "$GPUFIT" diff "$T/base.json" "$T/head.json"
expect_grep 'chat\x1b[31m|<b>\u009b*x*  added' "$T/out"

# ---- a MIG profile name in a page <title> ----------------------------------
cp "$ROOT/$B/catalog.db" "$T/mig.db"
sqlite3 "$T/mig.db" "UPDATE mig_profiles SET name = '2g<b>' || char(27) || '|' || char(155)
	WHERE name = '2g.20gb' AND gpu_model = 'A100-PCIe-80GB'" || fail "making the MIG catalog"
expect_rc 0 "$GPUFIT" --catalog "$T/mig.db" pack tests/fixtures/fleets/five-services.yaml -f html
expect_grep '<title>tok-a replica 0, 2g&lt;b&gt;\x1b|\u009b</title>' "$T/out"
expect_rc 0 "$GPUFIT" --catalog "$T/mig.db" pack tests/fixtures/fleets/five-services.yaml -f markdown
expect_grep '| 2g\<b>\\x1b\|\\u009b |' "$T/out"

# ---- a MIG profile name in the node-pool script: one comment line, no command
sqlite3 "$T/mig.db" "UPDATE mig_profiles SET name = '2g' || char(10) || 'touch PWN #'
	WHERE name LIKE '2g<b>%' AND gpu_model = 'A100-PCIe-80GB'" || fail "making the MIG catalog"
expect_rc 0 "$GPUFIT" --catalog "$T/mig.db" k8s tests/fixtures/fleets/five-services.yaml -f sh
expect_grep '# a100mig2g: Standard_NC24ads_A100_v4 in eastus, MIG 2g\ntouch PWN # on every GPU' "$T/out"
grep -q '^touch' "$T/out" && fail "k8s -f sh: a profile name ran as a command"
bash -n "$T/out" || fail "k8s -f sh: the script does not parse"

# ---- absurd catalog values: within their buffers, shown as 1e+300 -----------
cp "$ROOT/$B/catalog.db" "$T/big.db"
sqlite3 "$T/big.db" "UPDATE vm_sizes SET gpu_memory_gib = 1e300, ram_gib = 1e300,
	infiniband_gbps = 1e300 WHERE sku = 'Standard_ND96isr_H100_v5';
	UPDATE prices SET hourly = 1e300 WHERE sku = 'Standard_ND96isr_H100_v5'
	AND region = 'eastus' AND pricing = 'payg'" || fail "making the 1e300 catalog"
expect_rc 0 "$GPUFIT" --catalog "$T/big.db" catalog list --gpu H100-SXM-80GB
tr -s ' ' <"$T/out" >"$T/out1"
expect_grep 'Standard_ND96isr_H100_v5 eastus2 H100-SXM-80GB 8 1e+300 96 1e+300 1e+300 NDR $98.32 $71,773.60' "$T/out1"
expect_grep 'Standard_ND96isr_H100_v5 eastus H100-SXM-80GB 8 1e+300 96 1e+300 1e+300 NDR $1e+300 $7.3e+302' "$T/out1"
expect_rc 0 "$GPUFIT" --catalog "$T/big.db" catalog show Standard_ND96isr_H100_v5
expect_grep 'gpu memory (per gpu)  1e+300 GiB' "$T/out"
expect_grep 'infiniband            1e+300 Gb/s NDR per GPU' "$T/out"
# 1e300 an hour x 730 h = 7.3e302 a month
tr -s ' ' <"$T/out" >"$T/out1"
expect_grep 'eastus payg linux $1e+300 $7.3e+302' "$T/out1"
# csv keeps raw numbers without an exponent: 1e300 has 301 digits
expect_rc 0 "$GPUFIT" --catalog "$T/big.db" catalog list --gpu H100-SXM-80GB -f csv
[ "$(grep -m1 '^Standard_ND96isr_H100_v5,eastus2,' "$T/out" | cut -d, -f5 | cut -d. -f1 | wc -c)" = 302 ] ||
	fail "catalog list -f csv: gpu_memory_gib of 1e300 is not 301 digits"

# ---- a NUL in a JSON key or string is refused where it is --------------------
sed '0,/"workloads"/s//"work\\u0000loads"/' "$T/base.json" >"$T/nul.json"
line=$(grep -n 'work\\u0000loads' "$T/nul.json" | cut -d: -f1)
col=$(grep 'work\\u0000loads' "$T/nul.json" | sed 's/\\u0000.*//' | wc -c)   # + 1 for the newline: the backslash's column
expect_rc 3 "$GPUFIT" diff "$T/base.json" "$T/nul.json"
[ "$(cat "$T/err")" = "gpufit: error: $T/nul.json:$line:$col: a NUL character (\\u0000 or a 0 byte) is not allowed in a JSON document" ] ||
	fail "NUL key: $(cat "$T/err"), want $T/nul.json:$line:$col"
expect_rc 3 "$GPUFIT" check --baseline "$T/nul.json" tests/fixtures/fleets/five-services.yaml
expect_grep "$T/nul.json:$line:$col: a NUL character" "$T/err"
printf '{"a":1}\0{"b":2}' >"$T/nulbyte.json"
expect_rc 3 "$GPUFIT" diff "$T/nulbyte.json" "$T/base.json"
expect_grep "$T/nulbyte.json:1:8: a NUL character" "$T/err"

# ---- a reservation priced 1e-320: skipped as malformed, the refresh succeeds --
item() { # item TYPE PRICE [TERM]
	printf '{"currencyCode":"USD","tierMinimumUnits":0,"retailPrice":%s,"armRegionName":"eastus",' "$2"
	printf '"effectiveStartDate":"2024-01-01T00:00:00Z","meterName":"NC24ads A100 v4",'
	printf '"productName":"Virtual Machines NCads A100 v4 Series","skuName":"NC24ads A100 v4",'
	printf '"serviceName":"Virtual Machines","armSkuName":"Standard_NC24ads_A100_v4","type":"%s",' "$1"
	printf '%s"unitOfMeasure":"1 Hour"}' "${3:+\"reservationTerm\":\"$3\",}"
}
{
	printf '{"BillingCurrency":"USD","Items":['
	item Consumption 3.5
	printf ','
	item Reservation 1e-320 '1 Year'
	printf '],"Count":2}'
} >"$T/tiny.json"
expect_rc 0 "$GPUFIT" --catalog "$T/r/catalog.db" catalog refresh --from-file "$T/tiny.json"
tr -s ' ' <"$T/out" >"$T/out1"
expect_grep 'items skipped: malformed 1' "$T/out1"
expect_grep 'prices stored 1' "$T/out1"
finish
