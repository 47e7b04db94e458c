# pack says what its quota check could not see, as recommend does: the
# eight 3g.40gb services of pack-quota.cmd moved to westus2, with the usage
# file of eastus only and no --skus: one warning that availability was not
# checked, one that westus2's quota was not checked (no usage file for it),
# and an empty quota_short (nothing is compared without the region's file).
# stderr also has the recommendation's warnings (sizes without a price,
# stale prices), as `recommend -f json` writes them.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
{
	printf 'gpufit: 1\nregion: westus2\npricing: payg\nworkloads:\n'
	for i in 1 2 3 4 5 6 7 8; do
		printf '  - name: big-%d\n    type: inference\n    requirements: { gpu_memory_gib: 30, tflops_fp16: 40 }\n' "$i"
	done
} > "$SCRATCH/p.yaml"
gpufit --catalog "$SCRATCH/c.db" pack -f json --usage eastus=tests/golden/quota/inputs/usage-eastus.json \
	"$SCRATCH/p.yaml" 2>"$SCRATCH/err.txt" | jq -c '[.node_pools[] | {sku, region}], .quota_short'
cat "$SCRATCH/err.txt"
