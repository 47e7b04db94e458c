#!/bin/bash
# The bundled price snapshot and its ages: catalog/prices.csv is what
# scripts/rebuild-prices.py makes of catalog/sources/ (no hand edits), and
# `catalog status` reports per region and kind exactly the row counts and the
# oldest/newest observed_date of catalog/prices.csv's Linux rows, with the age
# in days counted here independently (Python's date arithmetic).
. "$(dirname "$0")/lib.bash"

(cd "$ROOT" && python3 scripts/rebuild-prices.py --check) ||
	fail "catalog/prices.csv differs from scripts/rebuild-prices.py's output"

GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" catalog status -f json >"$T/status.json" ||
	fail "catalog status -f json failed"
python3 - "$ROOT/catalog/prices.csv" "$T/status.json" <<'PY' || fail "price_ages differ from catalog/prices.csv"
import csv, datetime, json, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))
        if r["os"] == "linux"]
kinds = ["payg", "spot", "reserved-1y", "reserved-3y", "savings-1y", "savings-3y"]
want = {}
for r in rows:
    k = (r["region"], r["pricing"])
    n, lo, hi = want.get(k, (0, "9999", "0000"))
    want[k] = (n + 1, min(lo, r["observed_date"]), max(hi, r["observed_date"]))
now = datetime.date(2026, 9, 1)
exp = []
for (reg, kind), (n, lo, hi) in sorted(want.items(), key=lambda x: (x[0][0], kinds.index(x[0][1]))):
    age = (now - datetime.date.fromisoformat(lo)).days
    exp.append({"region": reg, "pricing": kind, "prices": n, "oldest_observed": lo,
                "newest_observed": hi, "age_days": age, "stale": age > 90})
got = json.load(open(sys.argv[2]))["price_ages"]
if got != exp:
    for g, e in zip(got, exp):
        if g != e:
            print("got", g, "want", e)
    print(len(got), "rows, want", len(exp))
    sys.exit(1)
# the regions a buyer most likely means price the current GPU sizes where a
# source has them (2026-08-22 Retail Prices API rows)
have = {(r["sku"], r["region"]) for r in rows if r["pricing"] == "payg"}
for sku, reg in [("Standard_ND96isr_H200_v5", "northeurope"), ("Standard_ND96isr_H200_v5", "swedencentral"),
                 ("Standard_ND96isr_H200_v5", "francecentral"), ("Standard_ND96isr_MI300X_v5", "northeurope"),
                 ("Standard_ND96isr_H100_v5", "westeurope"), ("Standard_NC40ads_H100_v5", "westeurope"),
                 ("Standard_NC40ads_H100_v5", "eastus")]:
    if (sku, reg) not in have:
        print("no payg price for", sku, "in", reg)
        sys.exit(1)
PY

# recommend names the stale regions once, with their age (2026-09-01 - 2024-08-26 = 736 days)
GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" recommend -f json "$ROOT/examples/chat-8b.yaml" >/dev/null 2>"$T/err"
expect_grep "warning: payg prices older than 90 days in eastus (736 days, 2024-08-26)" "$T/err"
[ "$(grep -c 'prices older than' "$T/err")" = 1 ] || fail "the age warning is not printed once"
# westeurope prices observed 2026-08-22 are 10 days old on 2026-09-01: no warning
GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" recommend -f json --region westeurope "$ROOT/examples/chat-8b.yaml" >/dev/null 2>"$T/err"
grep -q 'prices older than' "$T/err" && fail "westeurope prices of 10 days called stale: $(cat "$T/err")"
# ... and 101 days on 2026-12-01
GPUFIT_NOW=2026-12-01T00:00:00Z "$GPUFIT" recommend -f json --region westeurope "$ROOT/examples/chat-8b.yaml" >/dev/null 2>"$T/err"
expect_grep "payg prices older than 90 days in westeurope (101 days, 2026-08-22)" "$T/err"

# a refreshed region's prices are observed on the refresh day: the schema's
# observed_date column is what `catalog status` reads
cp "$ROOT/$B/catalog.db" "$T/c.db"
sqlite3 "$T/c.db" "UPDATE prices SET observed_date = '2026-08-31' WHERE region = 'eastus' AND pricing = 'spot'"
GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" --catalog "$T/c.db" catalog status >"$T/out"
expect_grep "eastus            spot             24  2026-08-31  1" "$T/out"
expect_grep "eastus            payg             27  2024-08-26  736 (stale)" "$T/out"
# a row without a day (a catalog refreshed by an earlier build): unknown, or the
# region's fetched_at.REGION meta when there is one
sqlite3 "$T/c.db" "UPDATE prices SET observed_date = NULL WHERE region = 'westus'"
GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" --catalog "$T/c.db" catalog status >"$T/out"
expect_grep "westus            payg             18  unknown     unknown" "$T/out"
sqlite3 "$T/c.db" "INSERT INTO meta VALUES ('fetched_at.westus', '2026-08-30T10:00:00Z')"
GPUFIT_NOW=2026-09-01T00:00:00Z "$GPUFIT" --catalog "$T/c.db" catalog status >"$T/out"
expect_grep "westus            payg             18  2026-08-30  2" "$T/out"
finish
