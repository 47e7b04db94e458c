# Writes a profile of N workloads (awk -v n=N): a repeating mix of LLM
# services, generic workloads and training runs over the bundled presets,
# with varied concurrency, SLOs and targets, in the priced US regions.
# With -v data=1 every workload also has a data: block (size, region,
# storage, read rate, epochs, checkpoints, cold start) for the data path.
function pick(list, i,    a, k) { k = split(list, a, " "); return a[(i % k) + 1] }
BEGIN {
	print "gpufit: 1"
	print "region: [eastus, westus2]"
	print "pricing: payg"
	print "workloads:"
	for (i = 0; i < n; i++) {
		kind = i % 10
		printf "  - name: w%05d\n", i
		if (kind < 6) {
			print "    type: inference"
			printf "    model: %s\n", pick("llama-3-8b llama-2-7b llama-2-13b llama-3-70b", i)
			printf "    precision: %s\n", pick("fp16 fp8 int8 int4 bf16", i)
			printf "    serving: { input_tokens: %d, output_tokens: %d, concurrency: %d",
				pick("512 1024 2048", i), pick("128 256 512", i), pick("4 8 16 32 64", i)
			if (i % 3 == 0)
				printf ", max_ms_per_output_token: %d", pick("40 50 80", i)
			if (i % 4 == 0)
				printf ", target_output_tokens_per_s: %d", pick("500 1000 2000", i)
			print " }"
			printf "    replicas: %d\n", 1 + i % 2
		} else if (kind < 9) {
			print "    type: inference"
			printf "    requirements: { gpu_memory_gib: %d, tflops_fp16: %d }\n",
				pick("2 4 6 10 20", i), pick("5 10 20 40", i)
		} else {
			print "    type: training"
			printf "    model: %s\n", pick("llama-2-7b llama-3-8b llama-2-13b", i)
			print "    precision: bf16"
			printf "    training: { method: %s, tokens: %s, deadline_hours: %d }\n",
				pick("full lora qlora", i), pick("1e9 5e9 2e10", i), pick("24 72 168", i)
		}
		if (data) {
			printf "    data: { size: %s, region: %s, storage: %s, epochs: %d",
				pick("50GB 800GB 2TB 20TB", i), pick("eastus westus2 southcentralus", i),
				pick("blob blob-premium managed-lustre netapp premium-ssd", i), 1 + i % 3
			if (i % 4 == 1)
				printf ", read_mb_per_s: %d", pick("500 4000 12800 30000", i)
			if (kind == 9)
				printf ", checkpoint_every_min: %d", pick("15 30 60", i)
			else if (kind < 6)
				printf ", cold_start_s: %d", pick("30 60 120", i)
			print " }"
		}
	}
}
