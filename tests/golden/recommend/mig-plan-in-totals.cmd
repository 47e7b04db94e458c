# Eight services that each need one whole A100 80GB.  In this test catalog an
# ND96amsr_A100_v4 (8 GPUs) costs less per GPU than a 1-GPU NC24ads_A100_v4,
# but its whole VM costs more than one NC24ads: each workload alone is
# recommended an NC24ads, while the MIG plan puts all eight on the 7g.80gb
# slices of one ND96amsr and the totals count the plan.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "UPDATE prices SET hourly = 24.0 WHERE sku = 'Standard_ND96amsr_A100_v4' AND region = 'eastus' AND pricing = 'payg'" || exit 99
{
	printf 'gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n'
	for i in 1 2 3 4 5 6 7 8; do
		printf '  - name: big-%d\n    type: inference\n    requirements: { gpu_memory_gib: 50, tflops_fp16: 40 }\n' "$i"
	done
	printf '    current_sku: Standard_NC24ads_A100_v4\n    current_count: 2\n'
} > "$SCRATCH/p.yaml"
gpufit --catalog "$SCRATCH/c.db" recommend --top 1 "$SCRATCH/p.yaml" | sed -n '/^== big-8/,$p'
gpufit --catalog "$SCRATCH/c.db" recommend -f json "$SCRATCH/p.yaml" | jq '{mig_plan, totals}'
