# A service (not a load plan) compared across regions under pricing auto:
# each region other than the recommendation's gets its own auto bill, the
# term cheapest there (docs/recommend.md). indonesiacentral has commitment
# prices: Standard_NV72ads_A10_v5 on reserved-3y at 3.514269/h x 730 h =
# 2,565.42 (payg there 7.987 x 730 = 5,830.51). eastus has payg only:
# Standard_NC24ads_A100_v4 at 3.673/h x 730 h = 2,681.29, where the
# reserved-3y run alone priced nothing and the row read "(none)" (the last
# line, under --pricing reserved-3y, still does). The recommendation is the
# cheaper, indonesiacentral at 2,565.42. Each region names its term (TERM,
# JSON pricing and terms): reserved-3y there, payg in eastus.
gpufit recommend tests/fixtures/fleets/auto-regions.yaml 2>/dev/null | grep -A3 '^REGION'
gpufit recommend -f json tests/fixtures/fleets/auto-regions.yaml 2>/dev/null | jq -c '.workloads[0] | {regions, region: .recommendation.region, pricing: .recommendation.pricing, monthly: .recommendation.monthly_cost}'
gpufit recommend -f json --pricing reserved-3y tests/fixtures/fleets/auto-regions.yaml 2>/dev/null | jq -c '.workloads[0].regions'
