#!/bin/bash
# The bill of every choice of recommend -f json is reproducible from its own
# fields: monthly_cost = hourly_cost x hours_billed, rounded to the cent, for
# inference (hours_billed = hours per month), MIG plan parts and training
# (hours_billed = the run's hours, a starved run's included, x runs per
# month), the recommendation and every alternative.  A load plan
# (requests_per_s) is billed per replica group: its groups sum to the
# recommendation's bill, each one its VM's hourly x VMs x its hours (730
# under a commitment), and the recommendation's hourly_cost is its peak
# hour's price, every group at its own term's (hours_billed is then the bill
# over it).  Every profile runs at its own pricing and under --pricing auto,
# where a load plan's levels may bill under two terms (pricing null).
#
# By hand, qlora-70b below (1 x Standard_ND96asr_v4, 27.197 USD/h, one run
# 24.26 h, 2 runs a month): 27.197 x 48.52 h = 1,319.67 USD; job_cost x runs
# (659.84 x 2 = 1,319.68) is off by the rounding of job_cost, which is why
# hours_billed is given.  Under a reservation or savings plan every choice is
# billed 730 h a month (tests/fixtures/fleets/commitment-underused.yaml: 200
# hours a month and a 2.3 h run, both billed 730 h).
. "$(dirname "$0")/lib.bash"
cat >"$T/train.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: qlora-70b
    type: training
    model: llama-3.1-70b
    precision: bf16
    training: { method: qlora, tokens: 2e8, deadline_hours: 48, runs_per_month: 2 }
YAML
"$GPUFIT" -f json recommend "$T/train.yaml" >"$T/train.json" 2>"$T/err" || fail "recommend train.yaml exited $?"
python3 - "$T/train.json" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
r = json.load(open(sys.argv[1]))["workloads"][0]["recommendation"]
assert r["sku"] == "Standard_ND96asr_v4" and r["monthly_cost"] == 1319.67, r
assert abs(r["hours_billed"] - 48.52) < 0.01, r
PY
for run in own auto; do
for p in "$T/train.yaml" "$ROOT"/examples/*.yaml "$ROOT"/tests/fixtures/fleets/*.yaml; do
	if [ "$run" = auto ]; then set -- --pricing auto; else set --; fi
	"$GPUFIT" -f json recommend "$@" "$p" >"$T/out.json" 2>"$T/err"
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "recommend -f json $* $p exited $rc"; continue; }
	python3 - "$T/out.json" "$p" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
for w in d["workloads"]:
    for c in ([w["recommendation"]] if w.get("recommendation") else []) + w["alternatives"]:
        if "hourly_cost" not in c:
            continue
        want = round(c["hourly_cost"] * c["hours_billed"] * 100 + 1e-6)
        if want != round(c["monthly_cost"] * 100):
            bad.append(f"{w['name']} {c['sku']}: {c['hourly_cost']} x {c['hours_billed']} != {c['monthly_cost']}")
        # a reservation or savings plan bills 730 h a month whatever the use;
        # under pricing auto each workload's term is its recommendation's
        # (its alternatives were ranked under the same term)
        term = w["recommendation"]["pricing"] if w.get("recommendation") else d["pricing"]
        commit = term in ("reserved-1y", "reserved-3y", "savings-1y", "savings-3y")
        if commit and c["hours_billed"] != 730:
            bad.append(f"{w['name']} {c['sku']}: hours_billed {c['hours_billed']} under {term}, not 730")
        if not commit and w["type"] == "inference" and not w.get("load_plan") and c["hours_billed"] != d["hours_per_month"]:
            bad.append(f"{w['name']} {c['sku']}: hours_billed {c['hours_billed']}, not {d['hours_per_month']}")
    # a load plan (docs/billing.md): its recommendation's bill is the sum of
    # its groups, each the VM's hourly x VMs x its hours (730 under a
    # commitment), to the cent
    lp = w.get("load_plan")
    if lp and w.get("recommendation"):
        r = w["recommendation"]
        total = 0
        peak = 0
        terms = set()
        for b in lp["bills"]:
            hours = 730 if b["term"] in ("reserved-1y", "reserved-3y", "savings-1y", "savings-3y") else b["hours_per_month"]
            # the JSON's hours are to 0.01 h: that much of the bill may differ
            slack = b["hourly_cost"] * b["vms"] * 0.005 * 100 + 1
            if abs(b["hourly_cost"] * b["vms"] * hours * 100 - round(b["monthly_cost"] * 100)) > slack:
                bad.append(f"{w['name']}: load plan bill {b} is not {b['hourly_cost']} x {b['vms']} x {hours}")
            total += round(b["monthly_cost"] * 100)
            peak += b["hourly_cost"] * b["vms"]
            terms.add(b["term"])
        if total != round(r["monthly_cost"] * 100) or total != round(lp["monthly_cost"] * 100):
            bad.append(f"{w['name']}: load plan bills sum to {total} cents, recommendation {r['monthly_cost']}")
        if lp["bills"] and abs(peak - r["hourly_cost"]) > 1e-6 * max(1, peak):
            bad.append(f"{w['name']}: hourly_cost {r['hourly_cost']} is not the peak hour's {peak}")
        if (len(terms) > 1) != (r["pricing"] is None) or (len(terms) == 1 and r["pricing"] not in terms):
            bad.append(f"{w['name']}: pricing {r['pricing']} for bills under {sorted(terms)}")
if bad:
    print(sys.argv[2] + ": " + "; ".join(bad))
    sys.exit(1)
PY
done
done
finish
