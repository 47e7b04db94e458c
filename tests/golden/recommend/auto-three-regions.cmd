# Under pricing auto each workload takes its own cheapest term unless the MIG
# plan places it (then the plan's term, with the plan's other workloads); a
# workload the plan only covers and leaves on a dedicated VM of its own
# (cost_basis dedicated) bills on its own. So no region of a workload's
# comparison is cheaper than its recommendation: cheapest_region equals
# monthly on every line. support-bot-7b, router-1.5b and reranker-bert-large
# had been held to the plan's term (payg) although the plan left them on
# their own VMs: 1 x Standard_NC4as_T4_v3 in eastus at 0.526 x 730 = 383.98,
# beside indonesiacentral's Standard_NV12ads_A10_v5 on reserved-3y at
# 0.489422 x 730 = 357.28, which they now take. No region row is a MIG
# slice's share of a VM (embeddings-bert's eastus row had read
# Standard_ND96asr_v4 at 709.06, a 28th of it, under payg).
gpufit recommend -f json tests/fixtures/fleets/auto-three-regions.yaml 2>/dev/null | jq -c '.workloads[] | {name, region: .recommendation.region, sku: .recommendation.sku, pricing: .recommendation.pricing, basis: .recommendation.cost_basis, monthly: .recommendation.monthly_cost, cheapest_region: ([.regions[] | select(.monthly_cost != null) | .monthly_cost] | min)}'
gpufit recommend -f json --pricing payg tests/fixtures/fleets/auto-three-regions.yaml 2>/dev/null | jq -c '.workloads[] | select(.name == "embeddings-bert") | .regions'
