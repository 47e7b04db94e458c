# recommend --strategy mixed packs the MIG plan with any valid layout per
# GPU: examples/small-fleet.yaml's seven 1g.10gb replicas on one
# Standard_NC24ads_A100_v4 pool named mig-a100 (no AKS profile), the same
# pool pack --strategy mixed shows (tests/golden/pack/mixed-table), and
# the fleet total is unchanged: 4.408 x 730 = 3,217.84 + 2 x 460.63 = 4,139.10.
gpufit -f json recommend --strategy mixed examples/small-fleet.yaml 2>/dev/null | jq -c '.mig_plan | {strategy, pools: [.node_pools[] | [.name, .sku, .mig_profile, .vm_count]]}'
gpufit -f json recommend --strategy mixed examples/small-fleet.yaml 2>/dev/null | jq -c '.totals.monthly_cost'
