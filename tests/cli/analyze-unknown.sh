#!/bin/bash
# analyze: unknown is null, never 0 (docs/analyze.md "Money"), and money is in
# the catalog's currency.
#  - the --hosts fixtures hold a MIG instance without a profile label (no
#    share of its GPU, so unpriced) and a GPU without any utilization counter
#    (no activity samples, so its idle share is unknown): every row's money
#    is null exactly when it is unpriced, with a reason; idle_fraction is null
#    exactly without activity samples; the fleet totals with an unknown part
#    are null, complete is false, the missing GPUs are listed; the known
#    current cost is the bill of the VMs with a price, and the known savings
#    the sum of the chosen proposals (docs/analyze.md "Savings");
#  - a catalog whose prices are in EUR, with Standard_NC24ads_A100_v4 at
#    3.00 EUR an hour in eastus: the smi-noheader GPU costs 3.00 x 730 =
#    2,190.00 EUR a month and is underused (gpu_util p95 30 %, 4.9 GiB), so
#    it may move to MIG 3g.40gb, which saves nothing alone: the VM bills the
#    whole GPU (0.00); JSON says EUR, the csv header monthly_eur and the
#    text "EUR per month".
# Usage: tests/cli/analyze-unknown.sh [BUILD_DIR]
source "$(dirname "$0")/lib.bash"
[ -x "$GPUFIT" ] || { echo "analyze-unknown: $GPUFIT not built"; exit 2; }
cd "$ROOT" || exit 2
TEL=tests/fixtures/telemetry

expect_rc 0 "$GPUFIT" -f json analyze --hosts $TEL/hosts.txt $TEL/query-range.json \
	$TEL/smi-header.csv $TEL/smi-noheader.csv $TEL/dmon.txt
cp "$T/out" "$T/hosts.json"
python3 - "$T/hosts.json" <<'PY' || fail "unknown values in analyze -f json (above)"
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
def label(g):
    s = "%s gpu %s" % (g["host"], g["gpu"] or "-")
    return s + (" mig %s" % g["mig_id"] if g["mig_id"] else "")
unpriced, noact = [], []
known = {"cur": 0.0, "sav": 0.0, "hours": 0.0, "idle": 0.0}
for g in d["gpus"]:
    st = g["stats"]
    priced = g["hourly_cost"] is not None
    # savings are unknown when unpriced, and when an underused GPU's smaller
    # option cannot be sized (its memory use is unknown)
    unsized = g["finding"] == "underused" and g["recommendation"].startswith("collect DCGM_FI_DEV_FB_USED")
    if priced != (g["monthly_cost"] is not None) or (priced and not unsized) != (g["savings_monthly"] is not None):
        bad.append("%s: hourly, monthly and savings not all known or all null" % label(g))
    if priced == (g["unpriced_reason"] is not None):
        bad.append("%s: unpriced_reason %r with hourly_cost %r" % (label(g), g["unpriced_reason"],
                                                                   g["hourly_cost"]))
    has_act = st.get(st["activity_metric"]) is not None
    if has_act != (st["idle_fraction"] is not None):
        bad.append("%s: idle_fraction %r with activity samples %r" % (label(g),
                                                                      st["idle_fraction"], has_act))
    if not priced:
        unpriced.append(label(g))
    else:
        known["cur"] += g["monthly_cost"]
        known["sav"] += g["savings_monthly"] or 0
    if not has_act:
        noact.append(label(g))
t = d["totals"]
if unpriced != ["dmon gpu - mig 21"] or noact != ["smi-header gpu 2"]:
    bad.append("the fixtures' unknowns moved: unpriced %r, no activity %r" % (unpriced, noact))
if t["unpriced"] != unpriced or t["unpriced_gpus"] != len(unpriced):
    bad.append("totals.unpriced %r, the rows say %r" % (t["unpriced"], unpriced))
if t["no_activity"] != noact or t["no_activity_gpus"] != len(noact):
    bad.append("totals.no_activity %r, the rows say %r" % (t["no_activity"], noact))
for k in ("current_monthly_cost", "savings_monthly", "idle_gpu_hours_monthly", "idle_cost_monthly"):
    if t[k] is not None:
        bad.append("totals.%s is %r with unknown parts" % (k, t[k]))
if t["complete"] is not False:
    bad.append("totals.complete is %r" % t["complete"])
# the known current cost is the bill of the VMs with a price (every GPU of
# them, observed or not); the known savings are the chosen proposals'
if t["known_current_monthly_cost"] != t["fleet_monthly_bill"]:
    bad.append("known_current_monthly_cost %r, the fleet's bill is %r"
               % (t["known_current_monthly_cost"], t["fleet_monthly_bill"]))
chosen = round(sum(p["savings_monthly"] for p in d["proposals"] if p["chosen"]), 2)
if t["known_savings_monthly"] != chosen:
    bad.append("known_savings_monthly %r, the chosen proposals add up to %.2f"
               % (t["known_savings_monthly"], chosen))
if "dmon gpu - mig 21" in unpriced:
    g = [g for g in d["gpus"] if label(g) == "dmon gpu - mig 21"][0]
    want = "MIG instance 21 has no profile label (GPU_I_PROFILE), so its share of the GPU is not known"
    if g["unpriced_reason"] != want:
        bad.append("unpriced_reason %r" % g["unpriced_reason"])
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
PY

# the table says unknown, names the GPUs and the known parts
expect_rc 0 "$GPUFIT" analyze --hosts $TEL/hosts.txt $TEL/query-range.json \
	$TEL/smi-header.csv $TEL/smi-noheader.csv $TEL/dmon.txt
expect_grep "idle: unknown (1 GPU without activity samples: smi-header gpu 2; " "$T/out"
expect_grep "savings if the recommendations are applied: unknown (1 GPU unpriced: dmon gpu - mig 21; the others save " "$T/out"

# a complete fleet: the totals are numbers and complete is true
expect_rc 0 "$GPUFIT" -f json analyze --sku Standard_NC24ads_A100_v4 $TEL/smi-noheader.csv
python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
ok = t["complete"] is True and t["unpriced"] == [] and t["no_activity"] == [] and \
     t["current_monthly_cost"] == t["known_current_monthly_cost"] == 2681.29
sys.exit(0 if ok else 1)' "$T/out" || fail "complete totals: $(head -c 600 "$T/out")"

# ---- a catalog in EUR --------------------------------------------------------
cp "$(dirname "$GPUFIT")/catalog.db" "$T/eur.db" || exit 2
sqlite3 "$T/eur.db" "UPDATE prices SET currency = 'EUR';
	UPDATE prices SET hourly = 3.0 WHERE sku = 'Standard_NC24ads_A100_v4' AND region = 'eastus'
	AND pricing = 'payg'; UPDATE meta SET value = 'EUR' WHERE key = 'currency'" || exit 2
expect_rc 0 "$GPUFIT" --catalog "$T/eur.db" -f json analyze --sku Standard_NC24ads_A100_v4 \
	$TEL/smi-noheader.csv
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = d["gpus"][0]
ok = d["currency"] == "EUR" and g["hourly_cost"] == 3.0 and g["monthly_cost"] == 2190.0 and \
     g["savings_monthly"] == 0 and g["recommendation"].startswith("move to MIG 3g.40gb and give") and \
     d["totals"]["current_monthly_cost"] == 2190.0
sys.exit(0 if ok else 1)' "$T/out" || fail "EUR catalog, json: $(head -c 300 "$T/out")"
expect_rc 0 "$GPUFIT" --catalog "$T/eur.db" -f csv analyze --sku Standard_NC24ads_A100_v4 \
	$TEL/smi-noheader.csv
expect_grep "idle_pct,memory_peak_gib,monthly_eur,savings_monthly_eur,recommendation" "$T/out"
expect_grep ",2190.00,0.00,\"move to MIG 3g.40gb and give the other slices" "$T/out"
expect_rc 0 "$GPUFIT" --catalog "$T/eur.db" analyze --sku Standard_NC24ads_A100_v4 \
	$TEL/smi-noheader.csv
expect_grep "savings if the recommendations are applied: 0.00 EUR per month (current cost 2,190.00 EUR per month)" "$T/out"
finish
