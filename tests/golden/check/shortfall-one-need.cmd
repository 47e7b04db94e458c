# A workload has one memory need: the current-shortfall finding quotes the
# needs line's figure, as the rejections do, not the one-sequence figure.
# llama-3-8b fp16, 8 sequences of 1024 + 256 tokens (gpufit estimate):
# weights 8.03e9 x 2 B = 14.96 GiB, KV 8 x 1280 x 131072 B = 1.25 GiB,
# activations 0.25, runtime 1.00: 17.46 GiB x 1.15 headroom = 20.1 GiB.
# One sequence alone: 14.96 + 1.25 / 8 + 0.25 + 1.00 = 16.37 x 1.15 = 18.8.
# A T4 has 15 GiB x 0.95 memory utilisation = 14.2 GiB usable.
gpufit recommend --details --top 1 tests/golden/check/inputs/shortfall-t4.yaml 2>/dev/null |
	grep -E '^needs|NC4as_T4_v3 |current-shortfall'
gpufit check -f json --fail-on current-shortfall tests/golden/check/inputs/shortfall-t4.yaml 2>/dev/null |
	jq -c '.gates[] | select(.name == "fail_on") | [.passed, .message]'
gpufit recommend -f json tests/golden/check/inputs/shortfall-t4.yaml 2>/dev/null |
	jq -c '.workloads[0] | [.needs.gpu_memory_gib, (.findings[] | select(.kind == "current-shortfall") | .message)]'
