# pack on the five-service fleet: the same plan recommend deploys
# ($3,833.23: one NC24ads_A100_v4 split 2g.20gb and three T4 VMs), and
# whether it is proven optimal.
gpufit pack -f json tests/fixtures/fleets/five-services.yaml | jq -c '{monthly_cost, complete, optimal, proven_optimal, pools: [.node_pools[] | [.sku, .mig_profile, .vm_count]], dedicated: [.dedicated[] | .sku]}'
