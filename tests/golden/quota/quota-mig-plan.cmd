# The VMs of a MIG plan pool count once, under every workload it covers.
# The eight 3g.40gb services of tests/golden/recommend/mig-plan-in-totals.cmd
# (same catalog change) are packed onto one pool of 4 x Standard_NC24ads_A100_v4
# in eastus: 4 x 24 = 96 vCPUs of StandardNCADSA100v4Family.  Usage
# (inputs/usage-eastus.json): limit 96, 24 in use, 72 free: 24 missing (a
# limit of 120), on each of the eight workloads; cores: 96 of 350 - 48 = 302
# free, no finding.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "UPDATE prices SET hourly = 24.0 WHERE sku = 'Standard_ND96amsr_A100_v4' AND region = 'eastus' AND pricing = 'payg'" || exit 99
{
	printf 'gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n'
	for i in 1 2 3 4 5 6 7 8; do
		printf '  - name: big-%d\n    type: inference\n    requirements: { gpu_memory_gib: 30, tflops_fp16: 40 }\n' "$i"
	done
} > "$SCRATCH/p.yaml"
gpufit --catalog "$SCRATCH/c.db" recommend -f json --usage eastus=tests/golden/quota/inputs/usage-eastus.json "$SCRATCH/p.yaml" 2>/dev/null |
	python3 -c '
import json, sys
d = json.load(sys.stdin)
print("pools", [(p["sku"], p["vm_count"]) for p in d["mig_plan"]["node_pools"]])
for w in d["workloads"]:
    for f in w["findings"]:
        if f["kind"] == "quota-short":
            print(w["name"], f["family"], f["needed_vcpus"], f["available_vcpus"], f["missing_vcpus"])
'
