# pack on the five-service fleet (eastus payg): the fleet recommend deploys,
# one NC24ads_A100_v4 split 2g.20gb (3.673 x 730 = 2,681.29) and three T4 VMs
# the MIG plan places (0.526 x 730 = 383.98 each): 2,681.29 + 3 x 383.98 =
# $3,833.23, and whether it is proven optimal.
gpufit pack -f json tests/fixtures/fleets/five-services.yaml | jq -c '{monthly_cost, complete, optimal, proven_optimal, pools: [.node_pools[] | [.sku, .mig_profile, .vm_count]], dedicated: [.dedicated[] | .sku]}'
