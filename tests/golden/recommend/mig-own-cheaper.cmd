# A workload whose own cheapest deployment costs less than the dedicated
# small GPU the packer could give it stays outside the MIG plan, which lists
# only what is deployed.  westeurope, payg, 730 h:
#   - each service is cheapest on a 1g.12gb slice of an NC40ads_H100_v5:
#     9.08 $/h / 7 = 1.297 $/h;
#   - alone: a1..a7 (300 GB/s + 15% = 345 GB/s, more than a V710 half has)
#     on an NC24lds_xl_RTXPRO6000BSE_v6, 1.617 x 730 = $1,180.41 each; t8
#     on an NV12ads_V710_v5, 1.3 x 730 = $949.00;
#   - seven slices fill one H100, 9.08 x 730 = $6,628.40; the eighth would
#     need a second H100 ($6,628.40) or the cheapest dedicated small NVIDIA
#     GPU, the RTX PRO quarter, $1,180.41 > t8's own $949.00, which the
#     packer is not offered: t8 stays outside on its V710, $949.00;
#   - P = $6,628.40 < 7 x 1,180.41 = $8,262.87: used, saves $1,634.47;
#     662,840 cents / 7 = 94,691.43: 946.91 each, the 3 leftover cents to
#     the first three (a1, a2, a3: 946.92);
#   - fleet: 6,628.40 + 949.00 = $7,577.40, the plan plus the workload
#     outside it.
# (test_own_cheaper_than_dedicated in tests/unit/test_recommend_fleets.c
# asserts the same figures.)  Before, the plan put t8 on the RTX PRO
# quarter and listed it at $1,180.41 while t8 was told to deploy the V710.
gpufit recommend --details --top 2 tests/golden/recommend/inputs/mig-own-cheaper.yaml
# The same as JSON, read back: no dedicated VM in the plan, t8 in none of
# it and flagged left_out, the parts sum to the plan, the total is the plan
# plus t8.
gpufit recommend -f json tests/golden/recommend/inputs/mig-own-cheaper.yaml 2>/dev/null | jq -c '
  . as $d
  | {
      plan_workloads: .mig_plan.workloads,
      plan_dedicated: .mig_plan.dedicated,
      plan_monthly: .mig_plan.monthly_cost,
      t8: (.workloads[] | select(.name == "t8") | {sku: .recommendation.sku, cost_basis: .recommendation.cost_basis, monthly: .recommendation.monthly_cost, packed: .mig_plan_use.packed, left_out: .mig_plan_use.left_out, reason: .recommendation.reasons[-1]}),
      parts_sum_to_plan: (([.workloads[] | select(.recommendation.cost_basis == "mig-plan") | .recommendation.monthly_cost * 100 | round] | add) == (.mig_plan.monthly_cost * 100 | round)),
      total_is_plan_plus_outside: ((.totals.monthly_cost * 100 | round) == ((.mig_plan.monthly_cost * 100 | round) + ([.workloads[] | select(.recommendation.cost_basis != "mig-plan") | .recommendation.monthly_cost * 100 | round] | add))),
      total: .totals.monthly_cost
    }'
