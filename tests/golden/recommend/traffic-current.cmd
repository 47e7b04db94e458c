# examples/chat-traffic.yaml with today's deployment 1 x
# Standard_NC24ads_A100_v4 (current_count 1): the load plan on that very size
# needs 2 replicas at the weekday peak (recommend/traffic: 12 requests/s, one
# A100 holds a mean of 69.51 in flight at p95, the peak brings 125.9), so 1 VM
# cannot meet the needs: a current-shortfall finding "needs 2 VMs, has 1",
# meets_needs false.  Today's bill 3.673 x 730 = 2,681.29 against the
# recommendation's 3,399.49: savings -718.20.
sed 's/^    autoscale:/    current_sku: Standard_NC24ads_A100_v4\n    current_count: 1\n&/' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend -f json "$SCRATCH/p.yaml" | jq '{current: .workloads[0].current, shortfall: [.workloads[0].findings[] | select(.kind == "current-shortfall") | .message]}'
