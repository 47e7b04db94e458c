# A load plan compared across regions under pricing auto: 40 requests/s in
# indonesiacentral (the bundled catalog's one region with commitment prices)
# and eastus (payg only).  Each region's figure is its own load-plan bill
# under auto, each level on the cheaper of that region's commitment and payg:
#   indonesiacentral: Standard_NC40ads_H100_v5, the base level on reserved-3y
#     (4.0833 x 730 = 2,980.81) and the three burst levels on payg
#     (2,661.57 + 2,306.69 + 2,129.25), 10,078.32 (recommend/traffic-auto.cmd),
#     not its all-payg 12,349.67 (the payg run's figure);
#   eastus: no commitment price, so every level on payg, Standard_NC24ads_A100_v4
#     at 3.673 an hour: 1 x 643.10 h = 2,362.09, 1 x 477.98 h = 1,755.61,
#     2 x 325.89 h = 2,394.01, 2 x 282.44 h = 2,074.81, 1 x 260.71 h = 957.60;
#     9,544.12 in all, not "(none)" as under reserved-3y (last line).
# The recommendation is the cheaper region's, eastus at 9,544.12. Each region
# names the terms of its bill: reserved-3y+payg (JSON pricing null, terms
# [reserved-3y, payg]) and payg; under reserved-3y alone, reserved-3y.
sed 's/region: eastus/region: [indonesiacentral, eastus]/; s/requests_per_s: 12 /requests_per_s: 40 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | grep -A3 '^REGION'
gpufit recommend -f json --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | jq -c '.workloads[0] | {regions, region: .recommendation.region, monthly: .recommendation.monthly_cost}'
gpufit recommend -f json --pricing reserved-3y "$SCRATCH/p.yaml" 2>/dev/null | jq -c '.workloads[0].regions'
