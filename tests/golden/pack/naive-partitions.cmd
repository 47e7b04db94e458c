# westeurope has no priced MIG size: every replica goes to a partition of an
# RTX PRO 6000 VM of its own, and no pool is written.  The comparison is each
# replica on its cheapest GPU of its own, partitions included (the plan's own
# dedicated choices), so packing saves 0 % (it said 77.8 % against whole
# 96 GB VMs, a saving of the partitions, not of packing).
gpufit pack --region westeurope tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null | tail -2
gpufit -f json pack --region westeurope tests/golden/recommend/inputs/mig-two-pools.yaml 2>/dev/null |
	python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["monthly_cost"] == d["naive_monthly_cost"], d; assert d["savings_vs_naive_monthly"] == 0, d; print("json: naive", d["naive_monthly_cost"], "= plan")'
