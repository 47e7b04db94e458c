# Under pricing auto a workload the MIG plan places takes the plan's term with
# the plan's other workloads (docs/billing.md "pricing: auto"), and its reason
# says so rather than "the cheapest term for its hours": support-bot-7b and
# router-1.5b on 1g.10gb slices of one Standard_NC24ads_A100_v4 in
# southcentralus (payg, the one term that region has in the bundled catalog).
gpufit recommend --pricing auto examples/small-fleet.yaml 2>/dev/null | grep -E '^== |pricing auto' | head -4
