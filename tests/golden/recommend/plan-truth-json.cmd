# The same fleet as JSON, and the invariants read back from it with jq:
# the parts of the plan's workloads sum to the plan to the cent; no
# recommendation costs more than an alternative printed for it, or than
# its cost alone; no alternative is a slice; every sku / mig_profile named
# by a mig-plan recommendation is a pool or a dedicated size of the plan;
# monthly_cost is hourly_cost x hours rounded to the cent.
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
