# pricing auto on a load plan (indonesiacentral, the one region of the bundled
# catalog with commitment prices; 40 requests/s): each replica level takes the cheaper of the
# run's commitment and payg for its hours; the base that runs all month goes on
# the commitment, the burst on payg (bills[].term).  Standard_NC40ads_H100_v5:
# payg 8.167, reserved-3y 4.0833 an hour (catalog/prices.csv); a month 30.4167
# days, 5/7 weekdays:
#   level 1 (24 h weekdays, 14 h weekends): 643.10 h; reserved-3y 4.0833 x 730
#     = 2,980.81 < payg 8.167 x 643.10 = 5,252.17: the commitment
#   level 2 (15 h weekdays: 06:00-20:00): 325.89 h x 8.167 = 2,661.57 payg
#   level 3 (13 h): 282.44 h x 8.167 = 2,306.69; level 4 (12 h): 260.71 h
#     x 8.167 = 2,129.25
#   autoscaled 2,980.81 + 2,661.57 + 2,306.69 + 2,129.25 = 10,078.32; sized for
#   the peak: 4 VMs x 4.0833 x 730 = 11,923.24 (reserved-3y, cheaper than payg)
sed 's/region: eastus/region: indonesiacentral/; s/requests_per_s: 12 /requests_per_s: 40 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend -f json --pricing auto "$SCRATCH/p.yaml" | jq '.workloads[0] | .load_plan.replicas_by_hour |= (map_values(tostring)) | {load_plan, monthly: .recommendation.monthly_cost}' 
