# westeurope has no priced MIG size: there is no MIG plan, and every workload
# is on whole VMs of its own, the size and count recommend recommends (GPU
# partitions of V710 and RTX PRO 6000 VMs).  By hand (payg x 730 h):
#   a 3 x NV8ads_V710_v5 632.91 + b 2 x NV12ads_V710_v5 949.00 +
#   c 2 x NC24lds_xl_RTXPRO6000BSE_v6 1,180.41 + d 1 x NC72lds 2,548.43 +
#   e 4 x NV4ads_V710_v5 316.09 + chat 2 x NV12ads 949.00
#   = 1,898.73 + 1,898.00 + 2,360.82 + 2,548.43 + 1,264.36 + 1,898.00 = 11,868.34,
# and the JSON has no MIG part (mig_monthly_cost null).
gpufit pack --region westeurope tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null | tail -2
gpufit -f json pack --region westeurope tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null |
	python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["mig_monthly_cost"] is None and not d["node_pools"] and not d["mig_regions"], d; assert d["monthly_cost"] == sum(v["monthly_cost"] for v in d["vms"]) == 11868.34, d; print("json: no MIG part;", len(d["vms"]), "workloads on whole VMs,", d["monthly_cost"])'
