# pack --skus on the three Llama 3.1 70B services of inputs/fleet.yaml
# (7g.94gb: a whole H100 NVL slice each).
# Without --skus: chat and pinned on one pool of 2 x NC40ads_H100_v5 (1 GPU
# each) in eastus; west's replica fits nothing in westus (its own reason).
# With --skus (inputs/skus-eastus.json): NC40ads_H100_v5 is restricted in
# eastus zone 2 and pinned asks zone: 2, so it may not share that pool: both
# go on 1 x NC80adis_H100_v5 (2 GPUs), the cheapest pool that takes them;
# westus is not in the file, so nothing is offered there. With the usage
# file: 80 vCPUs of standardNCadsH100v5Family, 100 free: no quota-short
# ([]), and stderr has only the unplaced replica's warning.
gpufit pack -f json tests/golden/quota/inputs/fleet.yaml 2>/dev/null | jq -c '[.node_pools[] | {name, sku, region, vm_count}], .unplaced'
gpufit pack -f json --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/fleet.yaml 2>"$SCRATCH/err.txt" | jq -c '[.node_pools[] | {name, sku, region, vm_count}], .unplaced, .quota_short'
cat "$SCRATCH/err.txt"
