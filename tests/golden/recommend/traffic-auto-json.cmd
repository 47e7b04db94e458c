# A load plan under pricing auto bills its replica levels under different
# terms (docs/billing.md "A load plan"): chat-traffic at 40 requests/s in
# indonesiacentral runs 1 to 4 replicas of Standard_NC40ads_H100_v5 a day,
# the base level on the 3-year reservation at 4.0833/h and the three burst
# levels on payg at 8.167/h (load_plan.bills). The recommendation's pricing
# is null then, as a k8s pool's whose bill lines differ, and its hourly_cost
# is the peak hour's price, every level running under its own term:
# 4.0833 + 3 x 8.167 = 28.5843/h (not 4 x 4.0833 = 16.3332, the peak at the
# reservation's rate). hours_billed = 10,078.32 / 28.5843 = 352.58, so
# hourly_cost x hours_billed is the bill, as for every choice.
gpufit recommend -f json --pricing auto tests/fixtures/fleets/traffic-auto-mixed.yaml 2>/dev/null | jq -c '.workloads[0] | {pricing: .recommendation.pricing, hourly_cost: .recommendation.hourly_cost, hours_billed: (.recommendation.hours_billed * 100 | round / 100), monthly_cost: .recommendation.monthly_cost, bills: [.load_plan.bills[] | {vms, term, hourly_cost}], peak_price: ([.load_plan.bills[] | .vms * .hourly_cost] | add * 10000 | round / 10000)}'
