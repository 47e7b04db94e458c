# Eight services that each fit one MIG 3g.40gb slice of an A100 80GB (30 GiB
# x 1.15 headroom = 34.5 GiB).  In this test catalog an ND96amsr_A100_v4
# (8 GPUs) costs 24.00 USD/h in eastus: 3.00 per GPU, so a 3g.40gb slice
# (max(3/7, 4/8) = 1/2 GPU) is 1.50 USD/h = $1,095.00/month at its share,
# cheaper than on an NC24ads_A100_v4 (3.673 / 2 = 1.8365 USD/h, $1,340.65).
# Every workload's cheapest option is therefore a slice: all eight are MIG
# candidates.  Their best dedicated option is one NC24ads_A100_v4 each,
# 3.673 x 730 = $2,681.29, so on dedicated options they cost 8 x 2,681.29 =
# $21,450.32.
# The MIG plan packs 8 replicas, two 3g.40gb slices per GPU, onto 4 GPUs:
# four NC24ads_A100_v4 (4 x 3.673 x 730 = $10,725.16) beat one ND96amsr
# ($17,520.00).  P = $10,725.16 < $21,450.32, so the plan is used and the
# fleet total is $10,725.16 (saves $10,725.16).
# Allocation: equal slice-share prices, so 1,072,516 cents / 8 = 134,064.5:
# every workload gets 134,064 cents and the 4 leftover cents go, ties to the
# earlier workload, to big-1 .. big-4: $1,340.65 x 4 + $1,340.64 x 4 =
# $10,725.16.  big-8 runs today on 2 x NC24ads_A100_v4 = $5,362.58: it
# saves 5,362.58 - 1,340.64 = $4,021.94, which is also the fleet saving.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "UPDATE prices SET hourly = 24.0 WHERE sku = 'Standard_ND96amsr_A100_v4' AND region = 'eastus' AND pricing = 'payg'" || exit 99
{
	printf 'gpufit: 1\nregion: eastus\npricing: payg\nworkloads:\n'
	for i in 1 2 3 4 5 6 7 8; do
		printf '  - name: big-%d\n    type: inference\n    requirements: { gpu_memory_gib: 30, tflops_fp16: 40 }\n' "$i"
	done
	printf '    current_sku: Standard_NC24ads_A100_v4\n    current_count: 2\n'
} > "$SCRATCH/p.yaml"
gpufit --catalog "$SCRATCH/c.db" recommend --top 1 "$SCRATCH/p.yaml" | sed -n '/^== big-8/,$p'
gpufit --catalog "$SCRATCH/c.db" recommend -f json "$SCRATCH/p.yaml" |
	jq -c '[.workloads[] | [.name, .recommendation.sku, .recommendation.mig_profile, .recommendation.monthly_cost, .recommendation.cost_basis]], .totals, ([.workloads[].recommendation.monthly_cost] | add * 100 | round / 100)'
gpufit --catalog "$SCRATCH/c.db" recommend -f json "$SCRATCH/p.yaml" | jq '.mig_plan'
