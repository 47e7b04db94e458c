# The same fleet as JSON, and the invariants read back from it with jq:
# the parts of the plan's workloads sum to the plan to the cent; no
# recommendation costs more than an alternative printed for it, or than
# its cost alone; no alternative is a slice; every sku / mig_profile named
# by a mig-plan recommendation is a pool or a dedicated size of the plan;
# monthly_cost is hourly_cost x hours rounded to the cent.
# Its numbers are plan-truth.cmd's: By hand (eastus payg, catalog/prices.csv):
# the plan is one pool mig2g-a100 of 1 x Standard_NC24ads_A100_v4, 3.673/h x 730
# h = $2,681.29, and 3 replicas on dedicated Standard_NC4as_T4_v3 (tok-b, cls-d
# and one of emb-c), 3 x 0.526 x 730 = $1,151.94: P = $3,833.23, less than
# $4,255.90 on dedicated options. Each T4 replica is billed its $383.98; the
# pool's $2,681.29 is split over its slice replicas in proportion to their
# dedicated costs (tok-a 383.98, emb-c's other replica 383.98, ocr-e 2,336.00;
# 3,103.96 in all): 2,681.29 x 383.98 / 3,103.96 = $331.69 each and 2,681.29 x
# 2,336.00 / 3,103.96 = $2,017.91; emb-c 331.69 + 383.98 = $715.67.
out=$(gpufit recommend -f json tests/fixtures/fleets/five-services.yaml) || exit 1
printf '%s\n' "$out"
printf '%s\n' "$out" | jq -c '
  . as $d
  | ([.workloads[] | select(.recommendation.cost_basis == "mig-plan") | .recommendation.monthly_cost * 100 | round] | add) as $parts
  | {
      parts_sum_to_plan: ($parts == ($d.mig_plan.monthly_cost * 100 | round)),
      never_beaten: all(.workloads[]; .recommendation.monthly_cost as $m | all(.alternatives[]; .monthly_cost >= $m)),
      within_cost_alone: all(.workloads[] | select(.recommendation.cost_basis == "mig-plan"); .recommendation.monthly_cost <= .mig_plan_use.dedicated_monthly_cost),
      alternatives_whole: all(.workloads[].alternatives[]; .placement != "mig"),
      names_in_plan: all(.workloads[] | select(.recommendation.cost_basis == "mig-plan") | .recommendation;
        . as $r | any($d.mig_plan.node_pools[]; .sku == $r.sku and .mig_profile == $r.mig_profile) or any($d.mig_plan.dedicated[]; .sku == $r.sku)),
      monthly_is_hourly_x_hours: all(.workloads[].recommendation; ((.hourly_cost * $d.hours_per_month * 100) | round) == ((.monthly_cost * 100) | round)),
      total: .totals.monthly_cost
    }'
