# pack --skus on the three Llama 3.1 70B services of inputs/fleet.yaml: pack
# shows recommend's fleet, so the availability rules are recommend's.
# Without --skus: chat and pinned each on a Standard_NC40ads_H100_v5 of its
# own (40 vCPUs) in eastus, west on a Standard_NC48ads_A100_v4 in westus.
# With --skus (inputs/skus-eastus.json): NC40ads_H100_v5 is restricted in
# eastus zone 2 and pinned asks zone: 2, so pinned goes on an NC80adis_H100_v5
# (80 vCPUs); westus is not in the file, so nothing is offered there and
# west is unplaced with recommend's closest option. With the usage file:
# 40 + 80 = 120 vCPUs of standardNCadsH100v5Family, 100 free: quota-short,
# 20 missing, as `recommend` says for the same options.
gpufit pack -f json tests/golden/quota/inputs/fleet.yaml 2>/dev/null | jq -c '[.node_pools[] | {name, sku, region, vm_count}], [.vms[] | {workload, sku, region, vm_count}], .unplaced'
gpufit pack -f json --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/fleet.yaml 2>"$SCRATCH/err.txt" | jq -c '[.node_pools[] | {name, sku, region, vm_count}], [.vms[] | {workload, sku, region, vm_count}], .unplaced, .quota_short'
cat "$SCRATCH/err.txt"
