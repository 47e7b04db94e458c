#!/bin/bash
# analyze: every money figure is a bill or a difference of bills
# (docs/billing.md, docs/analyze.md "Savings"), checked over the JSON of
# each telemetry fixture under several terms and hours:
#   - a proposal's bills are the catalog's hourly price x VMs x billed hours
#     (the hours used for payg and spot, 730 for a commitment), to the cent;
#   - its saving is bill before - bill after, to the cent;
#   - totals.savings_monthly is the sum of the chosen proposals, to the
#     cent, and no two chosen proposals change the same VM;
#   - totals.current_monthly_cost is the fleet's bill, and the rows' shares,
#     the free MIG slices and the GPUs not in the telemetry add up to it;
#   - the text, Markdown, CSV and HTML show the same figures as the JSON.
. "$(dirname "$0")/lib.bash"

FIX="$ROOT/tests/fixtures/telemetry"
cat >"$T/check.py" <<'PY'
import json, subprocess, sys
from decimal import Decimal, ROUND_HALF_EVEN

gpufit, pricing, hours, path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
fails = []

def cents(x):
    return Decimal(repr(x)).quantize(Decimal("0.01"))

def run(*args):
    p = subprocess.run([gpufit, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return p.stdout.decode()

common = ["--pricing", pricing, "--hours-per-month", str(hours), path]
d = json.loads(run("analyze", "-f", "json", *common))
prices = {}

def hourly(sku):
    if sku not in prices:
        show = json.loads(run("catalog", "show", sku, "-f", "json"))
        prices[sku] = next(p["hourly"] for p in show["prices"]
                           if p["region"] == d["region"] and p["pricing"] == pricing)
    return prices[sku]

billed = 730.0 if pricing not in ("payg", "spot") else hours

def bill(sku, vms):
    # bill_monthly(): hourly x VMs x billed hours, rounded to the cent once
    return Decimal(repr(hourly(sku) * vms * billed)).quantize(Decimal("0.01"))

chosen_sum, seen = Decimal(0), set()
for i, p in enumerate(d["proposals"]):
    after_sku = p["to_sku"] or p["sku"]
    if cents(p["monthly_bill_before"]) != bill(p["sku"], p["vms_before"]):
        fails.append(f"proposal {i}: bill before {p['monthly_bill_before']} is not "
                     f"{hourly(p['sku'])} x {p['vms_before']} x {billed}")
    if cents(p["monthly_bill_after"]) != bill(after_sku, p["vms_after"]):
        fails.append(f"proposal {i}: bill after {p['monthly_bill_after']} is not "
                     f"{hourly(after_sku)} x {p['vms_after']} x {billed}")
    if cents(p["savings_monthly"]) != cents(p["monthly_bill_before"]) - cents(p["monthly_bill_after"]):
        fails.append(f"proposal {i}: saving is not before - after")
    if p["chosen"]:
        chosen_sum += cents(p["savings_monthly"])
        for h in p["hosts"]:
            if h in seen:
                fails.append(f"proposal {i}: host {h} in two chosen proposals")
            seen.add(h)
t = d["totals"]
if cents(t["known_savings_monthly"]) != chosen_sum:
    fails.append(f"known_savings_monthly {t['known_savings_monthly']} != chosen {chosen_sum}")
if t["savings_monthly"] is not None and cents(t["savings_monthly"]) != chosen_sum:
    fails.append(f"savings_monthly {t['savings_monthly']} != chosen {chosen_sum}")
if t["current_monthly_cost"] is not None and cents(t["current_monthly_cost"]) != cents(t["fleet_monthly_bill"]):
    fails.append("current_monthly_cost is not the fleet's bill")
# the parts of the current cost: the rows' shares, the free MIG slices and
# the GPUs not in the telemetry add up to the fleet's bill, to the cent
if t["complete"]:
    parts = sum(cents(g["monthly_cost"]) for g in d["gpus"]) + \
        cents(t["unallocated_mig_monthly_cost"]) + cents(t["unobserved_gpus_monthly_cost"])
    if parts != cents(t["current_monthly_cost"]):
        fails.append(f"the parts add up to {parts}, the current cost is {t['current_monthly_cost']}")
# every row's saving is 0 unless the row is its whole VM
for g in d["gpus"]:
    if g["savings_monthly"] and g["mig_id"] is not None:
        fails.append(f"{g['host']} mig {g['mig_id']}: a MIG instance saves alone")

def money(v):
    """Money as the reports print it: "$1,234.56" in USD, "1,234.56 EUR" otherwise."""
    n = f"{Decimal(repr(v)).quantize(Decimal('0.01')):,}"
    return "$" + n if d["currency"] == "USD" else f"{n} {d['currency']}"

# text and Markdown: the same totals and proposals
for fmt in ("table", "markdown"):
    txt = run("analyze", "-f", fmt, *common)
    if t["savings_monthly"] is not None:
        want = f"savings if the recommendations are applied: {money(t['savings_monthly'])} per month"
        if want not in txt:
            fails.append(f"{fmt}: lacks '{want}'")
    for p in d["proposals"]:
        want = (f"saves {money(p['savings_monthly'])} per month "
                f"({money(p['monthly_bill_before'])} -> {money(p['monthly_bill_after'])})")
        if want not in txt:
            fails.append(f"{fmt}: lacks '{want}'")
    w = d["window"]["extrapolated_from_hours"]
    if (w is not None) != ("extrapolated from" in txt):
        fails.append(f"{fmt}: the short-window line and extrapolated_from_hours disagree")
# CSV: each row's monthly cost and saving as in the JSON
import csv, io
rows = list(csv.DictReader(io.StringIO(run("analyze", "-f", "csv", *common))))
cur = d["currency"].lower()
for r, g in zip(rows, d["gpus"]):
    for col, key in ((f"monthly_{cur}", "monthly_cost"), (f"savings_monthly_{cur}", "savings_monthly")):
        got = r.get(col, "")
        want = "" if g[key] is None else f"{Decimal(repr(g[key])).quantize(Decimal('0.01'))}"
        if got != want:
            fails.append(f"csv {g['host']} {col}: {got!r} != {want!r}")
if len(rows) != len(d["gpus"]):
    fails.append("csv and JSON rows differ in number")
for f in fails:
    print(f"{path} {pricing} {hours}: {f}")
sys.exit(1 if fails else 0)
PY

for f in nd-h100-one-vm.prom nd-h100-two-vms.prom a100-mig.prom a100-quad.prom dcgm-legacy.prom \
	 dcgm-new.prom dcgm-oldns.prom smi-header.csv query-range.json; do
	for term in "payg 730" "payg 200" "spot 100" "reserved-1y 200" "savings-3y 730"; do
		# shellcheck disable=SC2086
		python3 "$T/check.py" "$GPUFIT" $term "$FIX/$f" >"$T/o" 2>&1 || fail "$(cat "$T/o")"
	done
done
# HTML shows the JSON's figures, the proposals' bills among them
for f in nd-h100-one-vm.prom nd-h100-two-vms.prom a100-mig.prom a100-quad.prom; do
	python3 "$ROOT/tests/html_check.py" "$GPUFIT" analyze "$FIX/$f" >"$T/o" 2>&1 ||
		fail "html $f: $(cat "$T/o")"
done
finish
