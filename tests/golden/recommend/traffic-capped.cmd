# 600 requests/s with autoscale.max_replicas 1: no size serves the busy hours
# with one replica, so every candidate caps some; the one that caps the fewest
# hours is ranked, and a load-capped warning names them (their SLO does not hold).
sed 's/max_replicas: 8/max_replicas: 1/; s/requests_per_s: 12 /requests_per_s: 600 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend -f json "$SCRATCH/p.yaml" | jq '.workloads[0] | .load_plan.replicas_by_hour |= (map_values(tostring)) | {sku: .recommendation.sku, replicas_by_hour: .load_plan.replicas_by_hour, capped_hours: .load_plan.capped_hours, findings: [.findings[] | select(.kind | startswith("load"))]}'
