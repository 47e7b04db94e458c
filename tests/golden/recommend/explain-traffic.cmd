# --explain SKU of a workload described by its traffic sizes the size under its
# load plan, as the ranking does, not at one sequence and one replica.
# examples/chat-traffic.yaml on Standard_NC24ads_A100_v4 (payg 3.673/h):
# recommend/traffic.cmd's plan, 2 replicas at the 12 requests/s peak, 62.96
# sequences in flight per replica (mean) -> the memory and speed at 63
# sequences (1550 tokens/s at 40.7 ms, recommend's est. line); its bill:
#   level 1: 643.10 h x 3.673 = 2,362.09; level 2: 282.44 h x 3.673 = 1,037.40
#   3,399.49 = recommend's monthly cost (not 1 VM x 730 h = 2,681.29).
# Under pricing auto in indonesiacentral at 40 requests/s on
# Standard_NC40ads_H100_v5 (recommend/traffic-auto.cmd): level 1 on
# reserved-3y, 4.0833 x 730 = 2,980.81 (it runs 643.10 h), levels 2-4 on payg
# at 8.167: 2,661.57 + 2,306.69 + 2,129.25; 10,078.32 as the ranking.
# At 600 requests/s with max_replicas 1 the A100 caps 36 of 48 hours (98
# replicas at the peak) and says so; at 1,000,000 requests/s no plan: why.
gpufit recommend --explain Standard_NC24ads_A100_v4 examples/chat-traffic.yaml
sed 's/region: eastus/region: indonesiacentral/; s/requests_per_s: 12 /requests_per_s: 40 /' examples/chat-traffic.yaml > "$SCRATCH/auto.yaml"
gpufit recommend --explain Standard_NC40ads_H100_v5 --pricing auto "$SCRATCH/auto.yaml" | sed -n '/^load plan/,$p'
sed 's/max_replicas: 8/max_replicas: 1/; s/requests_per_s: 12 /requests_per_s: 600 /' examples/chat-traffic.yaml > "$SCRATCH/cap.yaml"
gpufit recommend --explain Standard_NC24ads_A100_v4 "$SCRATCH/cap.yaml" | grep -E '^(fits|does NOT|price)'
sed 's/requests_per_s: 12 /requests_per_s: 1000000 /' examples/chat-traffic.yaml > "$SCRATCH/huge.yaml"
gpufit recommend --explain Standard_NC24ads_A100_v4 "$SCRATCH/huge.yaml" | tail -1
