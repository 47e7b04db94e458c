# The MIG plan puts c's two replicas on different pools (replicas of one
# workload go to different GPUs, and pool mig2g-a100 has one): one on a
# 2g.20gb slice of mig2g-a100, one on a 3g.40gb slice of mig3g-a100 beside d.
# The text and JSON name both pools and profiles, and d's co-tenant is c
# (it was "no co-tenants"); JSON has pools [mig2g-a100, mig3g-a100] for c
# and c among d's cotenants; a workload all on dedicated GPUs has
# mig_profile null and pools [].
# The plan's bill (eastus payg, catalog/prices.csv): the two pools, 1 x
# Standard_NC24ads_A100_v4 each, 3.673/h x 730 h = $2,681.29, and 7
# Standard_NC4as_T4_v3 for replicas on dedicated GPUs (a 2, e 3, chat 2), 7 x
# 0.526 x 730 = $2,687.86: P = 2 x 2,681.29 + 2,687.86 = $8,050.44, against
# $10,809.11 on dedicated options; b on 2 T4s of its own, $767.96; total
# $8,818.40.
gpufit recommend tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null | grep -E '^== |^recommendation|slice of|MIG plan in'
gpufit -f json recommend tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null | python3 -c '
import json, sys
w = {x["name"]: x for x in json.load(sys.stdin)["workloads"]}
c, d, chat = (w[n]["mig_plan_use"] for n in ("c", "d", "chat"))
assert c["pools"] == ["mig2g-a100", "mig3g-a100"], c["pools"]
assert "c" in d["cotenants"] and d["cotenant_count"] == 1, d
assert chat["mig_profile"] is None and chat["pools"] == [], chat
print("json: c on", ", ".join(c["pools"]) + "; d shares with", ", ".join(d["cotenants"]))'
