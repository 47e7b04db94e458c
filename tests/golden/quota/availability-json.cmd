# availability.cmd as JSON: the rejections of kind "unavailable" with their
# region and reason, and each workload's recommendation (hand figures in
# availability.cmd: NC40ads_H100_v5 $5,095.40, NC80adis_H100_v5 $10,190.80).
gpufit -f json recommend --skus tests/golden/quota/inputs/skus-eastus.json tests/golden/quota/inputs/a100.yaml |
	python3 -c '
import json, sys
d = json.load(sys.stdin)
for w in d["workloads"]:
    r = w["recommendation"]
    print(w["name"], r["sku"], r["monthly_cost"])
    for x in w["rejected"]:
        if x["kind"] == "unavailable":
            print("  rejected", json.dumps(x, sort_keys=True))
print("total", d["totals"]["monthly_cost"])
'
