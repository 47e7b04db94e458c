#!/bin/bash
# The static case of a load plan: a service described by requests_per_s with
# no load curve (the peak all day) is billed exactly as today's concurrency
# sizing of the same per-replica load: concurrency = the 95th percentile of the
# Poisson count of sequences in flight per replica (docs/sizing.md, "Traffic")
# and replicas = the plan's peak, on the same size, VMs and monthly cost.
#
# By hand, 12 requests/s of llama-3-8b (1024 in, 256 out, 50 ms a token):
# one Standard_NC40ads_H100_v5 replica runs a mean of 109.93 in flight, whose
# 95th percentile is 127; `concurrency: 127` with one replica is the same VM at
# 6.98 x 730 = 5,095.40 a month.  At 40 requests/s the plan has several
# replicas: the same comparison with replicas = its peak.
. "$(dirname "$0")/lib.bash"
for rate in 12 40; do
	cat >"$T/rate.yaml" <<YAML
gpufit: 1
region: eastus
pricing: payg
workloads:
  - name: chat
    type: inference
    model: llama-3-8b
    serving:
      input_tokens: 1024
      output_tokens: 256
      requests_per_s: $rate
      max_ms_per_output_token: 50
YAML
	timeout 120 "$GPUFIT" -f json recommend "$T/rate.yaml" >"$T/rate.json" 2>"$T/err" ||
		{ fail "recommend rate $rate exited $?: $(head -c 300 "$T/err")"; continue; }
	# the per-replica percentile and the peak replicas, into a concurrency profile
	python3 - "$T/rate.json" "$T/rate.yaml" "$T/conc.yaml" >"$T/check" 2>&1 <<'PY' || { fail "$(cat "$T/check")"; continue; }
import json, math, sys
w = json.load(open(sys.argv[1]))["workloads"][0]
lp = w["load_plan"]
assert lp["peak_replicas"] == lp["trough_replicas"], lp   # a flat day
m, k, s = lp["in_flight_per_replica_at_peak"], 0, 0.0
while True:   # the 95th percentile of Poisson(m)
    s += math.exp(k * math.log(m) - m - math.lgamma(k + 1))
    if s >= 0.95:
        break
    k += 1
text = open(sys.argv[2]).read()
rate = [l for l in text.splitlines() if "requests_per_s" in l][0]
text = text.replace(rate, "      concurrency: %d" % k)
text += "    replicas: %d\n" % lp["peak_replicas"]
open(sys.argv[3], "w").write(text)
PY
	timeout 120 "$GPUFIT" -f json recommend "$T/conc.yaml" >"$T/conc.json" 2>"$T/err" ||
		{ fail "recommend concurrency (rate $rate) exited $?"; continue; }
	python3 - "$T/rate.json" "$T/conc.json" "$rate" >"$T/check" 2>&1 <<'PY' || fail "$(cat "$T/check")"
import json, sys
a = json.load(open(sys.argv[1]))["workloads"][0]["recommendation"]
b = json.load(open(sys.argv[2]))["workloads"][0]["recommendation"]
for k in ("sku", "vm_count", "gpu_count", "monthly_cost"):
    assert a[k] == b[k], "rate %s: %s %r from the rate, %r from the concurrency" % (sys.argv[3], k, a[k], b[k])
if sys.argv[3] == "12":
    assert a["sku"] == "Standard_NC40ads_H100_v5" and a["monthly_cost"] == 5095.40, a
PY
done
[ "$failures" = 0 ] && echo "load static: a flat load plan bills as the concurrency sizing of its percentile"
finish
