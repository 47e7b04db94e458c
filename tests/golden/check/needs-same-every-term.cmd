# A workload's needs do not change with the pricing term.  llama-3-70b
# (examples/llm-70b-slo.yaml) is recommended 2 x ND96amsr_A100_v4 on spot,
# whose instances of 8 GPUs would need 114.1 GiB for all of a replica's
# sequences, and 6 x NC40ads_H100_v5 on payg: the need is the least any
# size that fits asks for one replica (106.0 GiB), the same on every term,
# in the table, the rejections and the JSON; the spot choice's reasons give
# its own instances' figure beside it.
for p in spot payg reserved-1y; do
	gpufit recommend --top 1 --pricing "$p" examples/llm-70b-slo.yaml 2>/dev/null | sed -n 2p
	gpufit recommend -f json --pricing "$p" examples/llm-70b-slo.yaml 2>/dev/null |
		jq -c '[.workloads[0].needs.gpu_memory_gib, .workloads[0].recommendation.sku]'
done
