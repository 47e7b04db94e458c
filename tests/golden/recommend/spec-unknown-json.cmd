gpufit recommend --region westus3 -f json examples/vision-batch.yaml 2>/dev/null |
	jq -c '.workloads[0].recommendation.sku, [.workloads[0].rejected[] | select(.kind == "spec-unknown")], [.workloads[0].alternatives[].sku], .warnings[1]'
