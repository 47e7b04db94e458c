#!/bin/bash
# Every node pool `k8s -f json` creates carries its bill (docs/k8s.md, "What
# the pools cost"): each line of it is bill_monthly(pricing, hourly_cost,
# vm_count, hours) = hourly_cost x vm_count x hours_billed to the cent, the
# pool's monthly_cost is the sum of its lines, the document's monthly_cost
# the sum of the pools', and that is `recommend -f json`'s fleet total (when
# no workload is skipped; a skipped one is missing from the pools by the
# workload's own bill).  On every profile of examples/, the k8s goldens'
# inputs and the fleets fixtures, under the profile's term and --pricing
# auto.
#
# By hand, examples/k8s-mixed-fleet.yaml (payg, 730 h; catalog prices):
#   a100   2 x Standard_NC24ads_A100_v4 x 3.673 x 730   =  5,362.58
#   t4     (2 + 1) x Standard_NC4as_T4_v3 x 0.526 x 730 =    767.96 + 383.98
#   h100   1 x 6.98 x 19.5954 h (one LoRA run)          =    136.78
#   a100ib 5 x 27.197 x 208.658 h (pretraining runs)    = 28,374.37
#   total  35,025.67 = recommend's totals.monthly_cost
. "$(dirname "$0")/lib.bash"
check() {
	python3 - "$T/k8s.json" "$T/rec.json" "$1" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
k = json.load(open(sys.argv[1]))
r = json.load(open(sys.argv[2]))
name = sys.argv[3]
cents = lambda v: round(v * 100)
bad = []
total = 0
for p in k["node_pools"]:
    s = 0
    for b in p["bills"]:
        want = cents(b["hourly_cost"] * b["vm_count"] * b["hours_billed"])
        if abs(cents(b["monthly_cost"]) - want) > 1:   # the product's own rounding
            bad.append("%s: pool %s line %s: %s != %s x %s x %s" % (name, p["name"], b["workloads"],
                       b["monthly_cost"], b["hourly_cost"], b["vm_count"], b["hours_billed"]))
        s += cents(b["monthly_cost"])
    if s != cents(p["monthly_cost"]):
        bad.append("%s: pool %s: lines sum to %d cents, pool says %s" % (name, p["name"], s, p["monthly_cost"]))
    if p["vm_count"] != sum(b["vm_count"] for b in p["bills"]):
        bad.append("%s: pool %s: vm_count is not the lines' VMs" % (name, p["name"]))
    total += cents(p["monthly_cost"])
if total != cents(k["monthly_cost"]):
    bad.append("%s: pools sum to %d cents, document says %s" % (name, total, k["monthly_cost"]))
skipped = {s["workload"] for s in k["skipped"]}
# a workload described by its traffic: one line per group of its load plan's
# bill (term, VMs, hours), summing to load_plan.monthly_cost, which is its
# recommendation's monthly_cost
for w in r["workloads"]:
    lp = w.get("load_plan")
    if not lp or w["name"] in skipped or not w.get("recommendation"):
        continue
    lines = [b for p in k["node_pools"] for b in p["bills"] if b["workloads"] == [w["name"]]]
    groups = [g for g in lp["bills"] if g["vms"] > 0]
    got = sorted((b["pricing"], b["vm_count"], cents(b["monthly_cost"])) for b in lines)
    want = sorted((g["term"], g["vms"], cents(g["monthly_cost"])) for g in groups)
    if got != want:
        bad.append("%s: %s: bill lines %s, load plan groups %s" % (name, w["name"], got, want))
    if sum(cents(b["monthly_cost"]) for b in lines) != cents(lp["monthly_cost"]) or \
            cents(lp["monthly_cost"]) != cents(w["recommendation"]["monthly_cost"]):
        bad.append("%s: %s: lines sum to %d cents, load plan %s, recommendation %s" % (
            name, w["name"], sum(cents(b["monthly_cost"]) for b in lines), lp["monthly_cost"],
            w["recommendation"]["monthly_cost"]))
t = r["totals"]
if not skipped:
    want = t["monthly_cost"] if t["monthly_cost"] is not None else t["priced_monthly_cost"]
    if cents(want) != total:
        bad.append("%s: k8s bills %d cents, recommend's fleet total is %s" % (name, total, want))
else:
    # the skipped workloads' own bills are what is missing
    miss = sum(cents(w["recommendation"]["monthly_cost"]) for w in r["workloads"]
               if w["name"] in skipped and w.get("recommendation"))
    if cents(t["priced_monthly_cost"]) - miss != total:
        bad.append("%s: k8s bills %d cents, recommend %s less the skipped %d" % (name, total,
                   t["priced_monthly_cost"], miss))
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}
n=0
for p in "$ROOT"/examples/*.yaml "$ROOT"/tests/golden/k8s/inputs/*.yaml "$ROOT"/tests/fixtures/fleets/*.yaml \
	"$ROOT"/tests/golden/recommend/inputs/deployable.yaml; do
	for pricing in "" auto; do
		opt=()
		[ -n "$pricing" ] && opt=(--pricing "$pricing")
		"$GPUFIT" -f json recommend "${opt[@]}" "$p" >"$T/rec.json" 2>"$T/err"
		rc=$?
		[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "recommend ${opt[*]} $p exited $rc"; continue; }
		"$GPUFIT" -f json k8s "${opt[@]}" "$p" >"$T/k8s.json" 2>"$T/err"
		rc=$?
		[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "k8s ${opt[*]} $p exited $rc: $(head -c 300 "$T/err")"; continue; }
		check "$p ${opt[*]}"
		n=$((n + 1))
	done
done
[ "$n" -ge 30 ] || fail "only $n profiles checked"
# the hand figures above
"$GPUFIT" -f json k8s "$ROOT/examples/k8s-mixed-fleet.yaml" >"$T/k8s.json" 2>/dev/null
got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["monthly_cost"], *[p["monthly_cost"] for p in d["node_pools"]])' "$T/k8s.json")
[ "$got" = "35025.67 5362.58 1151.94 136.78 28374.37" ] || fail "k8s-mixed-fleet bills: $got"
# A load plan under pricing auto (tests/golden/recommend/traffic-auto.cmd has
# the hours): examples/chat-traffic.yaml in indonesiacentral at 40
# requests/s, Standard_NC40ads_H100_v5, one pool, four lines: the base on
# reserved-3y 4.0833 x 730 = 2,980.81, the burst on payg 8.167 x 325.89 h =
# 2,661.57, x 282.44 h = 2,306.69, x 260.71 h = 2,129.25; the pool 10,078.32
sed 's/region: eastus/region: indonesiacentral/; s/requests_per_s: 12 /requests_per_s: 40 /' \
	"$ROOT/examples/chat-traffic.yaml" >"$T/auto.yaml"
"$GPUFIT" -f json k8s --pricing auto "$T/auto.yaml" >"$T/k8s.json" 2>/dev/null
"$GPUFIT" -f json recommend --pricing auto "$T/auto.yaml" >"$T/rec.json" 2>/dev/null
check "chat-traffic auto"
got=$(jq -c '.node_pools[0] | [.monthly_cost, (.bills[] | [.pricing, .hourly_cost, .monthly_cost])]' "$T/k8s.json")
[ "$got" = '[10078.32,["reserved-3y",4.0833,2980.81],["payg",8.167,2661.57],["payg",8.167,2306.69],["payg",8.167,2129.25]]' ] ||
	fail "chat-traffic auto bills: $got"
finish
