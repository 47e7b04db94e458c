#!/bin/bash
# One fleet: `pack` renders the fleet `recommend` plans, so for every
# profile under examples/ and tests/golden/*/inputs/ that pack accepts (exit
# 0, or 5 with some replica unplaced):
#   - pack -f json's monthly_cost is recommend -f json's totals.monthly_cost
#     to the cent (both null when some workload is unpriced; then pack's
#     placed_monthly_cost is recommend's priced_monthly_cost);
#   - pack's parts add up to its total: node pools + dedicated replicas +
#     whole VMs = placed_monthly_cost;
#   - every workload sits where recommend put it: on its MIG plan pools with
#     as many replicas on slices and on dedicated GPUs of the size recommend
#     names, or on whole VMs of the recommended size, count and term, or unplaced
#     (every replica) when recommend has no billed option for it;
# for the aks and the mixed strategy (recommend --strategy S and pack
# --strategy S), and for the examples under --pricing auto
# --hours-per-month 200 (each workload its own term).
#
# By hand, examples/small-fleet.yaml (aks): one Standard_NC24ads_A100_v4
# pool at 4.408 x 730 = 3,217.84, embeddings-bert's second replica on a
# Standard_NC4as_T4_v3 at 0.631 x 730 = 460.63, summarizer-3b on a T4 of
# its own 460.63: 3,217.84 + 460.63 + 460.63 = 4,139.10, recommend's
# "monthly GPU cost".
. "$(dirname "$0")/lib.bash"
cd "$ROOT" || exit 2
"$GPUFIT" -f json pack examples/small-fleet.yaml >"$T/p.json" 2>/dev/null || fail "pack small-fleet exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["monthly_cost"] == 4139.10, d["monthly_cost"]' "$T/p.json" ||
	fail "small-fleet: pack monthly_cost is not 4,139.10"
n=0
# the profiles with the option sets each is run with: both strategies for
# every profile; the examples also under pricing auto at 200 hours a month
runs() {
	for p in examples/*.yaml tests/golden/*/inputs/*.yaml; do
		printf '%s\t--strategy aks\n%s\t--strategy mixed\n' "$p" "$p"
	done
	for p in examples/*.yaml; do
		printf '%s\t--pricing auto --hours-per-month 200\n' "$p"
	done
}
while IFS="$(printf '\t')" read -r p opts; do
	# shellcheck disable=SC2086
	timeout 120 "$GPUFIT" -f json pack $opts "$p" </dev/null >"$T/pack.json" 2>/dev/null
	rc=$?
	case $rc in
	0 | 5) ;;
	2 | 3 | 4) continue ;;   # not a profile pack accepts (bad input, catalog)
	*) fail "pack $opts $p exited $rc"; continue ;;
	esac
	# shellcheck disable=SC2086
	timeout 120 "$GPUFIT" -f json recommend $opts "$p" </dev/null >"$T/rec.json" 2>/dev/null
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 5 ] || { fail "$p: pack accepts it, recommend $opts exited $rc"; continue; }
	n=$((n + 1))
	python3 - "$T/pack.json" "$T/rec.json" "$p $opts" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
from collections import Counter
pk = json.load(open(sys.argv[1]))
rc = json.load(open(sys.argv[2]))
what = sys.argv[3]
bad = []
cents = lambda v: round(v * 100)
tot = rc["totals"]
if pk["monthly_cost"] != tot["monthly_cost"]:
    bad.append("monthly_cost %r, recommend %r" % (pk["monthly_cost"], tot["monthly_cost"]))
if cents(pk["placed_monthly_cost"]) != cents(tot["priced_monthly_cost"]):
    bad.append("placed %r, recommend priced %r" % (pk["placed_monthly_cost"], tot["priced_monthly_cost"]))
parts = sum(cents(x["monthly_cost"]) for x in pk["node_pools"] + pk["dedicated"] + pk["vms"])
if parts != cents(pk["placed_monthly_cost"]):
    bad.append("parts %d cents, placed %r" % (parts, pk["placed_monthly_cost"]))
if rc["mig_plan"] and pk["strategy"] != rc["mig_plan"]["strategy"]:
    bad.append("strategy %s, recommend's MIG plan %s" % (pk["strategy"], rc["mig_plan"]["strategy"]))
# where recommend puts each workload
want, got = Counter(), Counter()
for w in rc["workloads"]:
    r = w["recommendation"]
    u = w.get("mig_plan_use")
    if r is None or r["cost_basis"] == "slice-share":
        want[(w["name"], "unplaced", w["replicas"])] += 1
    elif r["cost_basis"] == "mig-plan":
        if u["replicas_on_slices"]:
            want[(w["name"], "pools " + ",".join(sorted(set(u["pools"]))), u["replicas_on_slices"])] += 1
        if u["replicas_dedicated"]:
            want[(w["name"], "dedicated " + u["plan_dedicated_sku"], u["replicas_dedicated"])] += 1
    else:
        want[(w["name"], "vm %s %s %s" % (r["sku"], r["region"], r["pricing"]), r["vm_count"])] += 1
sl, pools, ded = Counter(), {}, Counter()
for g in pk["gpus"]:
    for s in g["slices"]:
        if s["workload"] is not None:
            sl[s["workload"]] += 1
            pools.setdefault(s["workload"], set()).add(g["pool"])
for name, k in sl.items():
    got[(name, "pools " + ",".join(sorted(pools[name])), k)] += 1
for d in pk["dedicated"]:
    ded[(d["workload"], d["sku"])] += 1
for (name, sku), k in ded.items():
    got[(name, "dedicated " + sku, k)] += 1
for v in pk["vms"]:
    got[(v["workload"], "vm %s %s %s" % (v["sku"], v["region"], v["pricing"]), v["vm_count"])] += 1
un = Counter(u["workload"] for u in pk["unplaced"])
for name, k in un.items():
    got[(name, "unplaced", k)] += 1
if want != got:
    bad.append("placements differ: recommend only %s; pack only %s" % (sorted((want - got).items())[:4], sorted((got - want).items())[:4]))
if bad:
    print(what + ": " + "; ".join(bad))
    sys.exit(1)
PY
done < <(runs)
[ "$n" -ge 40 ] || fail "only $n profile runs compared"
echo "one fleet: $n runs of pack and recommend compared"
finish
