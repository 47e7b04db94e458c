# pack --usage: the eight 3g.40gb services of quota-mig-plan.cmd (same
# catalog change) packed onto one pool of 4 x Standard_NC24ads_A100_v4 in
# eastus: 4 x 24 = 96 vCPUs of StandardNCADSA100v4Family; limit 96, 24 in
# use: 72 free, 24 missing, a limit of 120 unlocks it; cores 96 of 302 free.
# Without --skus: one warning that availability was not checked; stderr also
# has the recommendation's warnings (sizes without a price, stale prices).
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "UPDATE prices SET hourly = 24.0 WHERE sku = 'Standard_ND96amsr_A100_v4' AND region = 'eastus' AND pricing = 'payg'" || exit 99
{
	printf 'gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n'
	for i in 1 2 3 4 5 6 7 8; do
		printf '  - name: big-%d\n    type: inference\n    requirements: { gpu_memory_gib: 30, tflops_fp16: 40 }\n' "$i"
	done
} > "$SCRATCH/p.yaml"
gpufit --catalog "$SCRATCH/c.db" pack -f json --usage eastus=tests/golden/quota/inputs/usage-eastus.json "$SCRATCH/p.yaml" 2>"$SCRATCH/err.txt" |
	jq -c '[.node_pools[] | {sku, vm_count}], .quota_short'
cat "$SCRATCH/err.txt"
