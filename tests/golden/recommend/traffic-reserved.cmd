# Under a fixed commitment every replica level is billed 730 h (docs/billing.md):
# indonesiacentral, reserved-1y, the autoscaled bill equals the peak-sized one and
# the load-plan finding says autoscaling saves nothing under that term:
# Standard_NC40ads_H100_v5 reserved-1y 6.125 x 730 = 4,471.25 either way.
sed 's/region: eastus/region: indonesiacentral/' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend -f json --pricing reserved-1y "$SCRATCH/p.yaml" | jq '.workloads[0] | .load_plan.replicas_by_hour |= (map_values(tostring)) | {load_plan, monthly: .recommendation.monthly_cost, findings: [.findings[] | select(.kind | startswith("load"))]}'
