# In westus3 (spot, catalog/prices.csv) the recommendation is 4 x
# Standard_NC24ads_A100_v4, 0.40403/h x 4 VMs x 730 h = $1,179.77, the cheapest
# size that holds the 14.8 GiB a replica needs; sizes only the price API knows
# are rejected as spec-unknown, never recommended.
gpufit recommend --region westus3 -f json examples/vision-batch.yaml 2>/dev/null |
	jq -c '.workloads[0].recommendation.sku, [.workloads[0].rejected[] | select(.kind == "spec-unknown")], [.workloads[0].alternatives[].sku], .warnings[1]'
