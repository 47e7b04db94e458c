# Writes a profile of N serving workloads described by their traffic (awk -v
# n=N): a repeating mix of models, token counts, SLOs, peak rates, percentiles
# and daily load curves (one curve, or weekday and weekend), some with
# autoscale bounds and scale to zero.  bench/load-plan/run.sh.
function pick(list, i,    a, k) { k = split(list, a, " "); return a[(i % k) + 1] }
function curve(kind, night, day,    h, s, v) {
	s = "["
	for (h = 0; h < 24; h++) {
		if (kind == 0)
			v = h >= 8 && h < 20 ? day : night
		else if (kind == 1)
			v = h < 6 ? night : h < 9 ? (night + day) / 2 : h < 18 ? day : h < 22 ? (night + day) / 2 : night
		else
			v = h >= 10 && h < 16 ? day : night
		s = s (h ? ", " : "") v
	}
	return s "]"
}
BEGIN {
	print "gpufit: 1"
	print "region: [eastus, westus2]"
	print "pricing: payg"
	print "workloads:"
	for (i = 0; i < n; i++) {
		printf "  - name: t%05d\n", i
		print "    type: inference"
		printf "    model: %s\n", pick("llama-3-8b llama-2-7b llama-2-13b llama-3-70b", i)
		printf "    precision: %s\n", pick("fp16 fp8 int8 int4 bf16", i)
		print "    serving:"
		printf "      input_tokens: %d\n", pick("512 1024 2048", i)
		printf "      output_tokens: %d\n", pick("128 256 512", i)
		printf "      requests_per_s: %s\n", pick("0.5 2 5 12 30", i)
		printf "      percentile: %s\n", pick("95 99 90", i)
		if (i % 3 == 0)
			printf "      max_ms_per_output_token: %d\n", pick("40 50 80", i)
		print "      load:"
		if (i % 2)
			printf "        hours: %s\n", curve(i % 3, pick("0.1 0.2 0", i), 1)
		else {
			printf "        weekday: %s\n", curve(i % 3, pick("0.1 0.2", i), 1)
			printf "        weekend: %s\n", curve((i + 1) % 3, pick("0 0.1", i), 0.3)
		}
		if (i % 4 == 0)
			printf "    autoscale: { min_replicas: %d, max_replicas: %d }\n", i % 8 == 0 ? 0 : 1, 20
	}
}
