# A load curve whose highest hour is 0.5: requests_per_s 12 is the profile's
# rate, but no hour sees more than 12 x 0.5 = 6 requests/s.  The load plan,
# its finding and the JSON say the busiest hour's rate, 6, not 12.  At 6
# requests/s one Standard_NC24ads_A100_v4 replica runs 62.96 sequences (mean),
# the same as each of examples/chat-traffic.yaml's two replicas at its 12
# (docs/recommend.md "load_plan"): one replica every hour, flat, billed
# 1 x payg 3.673 x 730 h = 2,681.29 (catalog/prices.csv).
cat > "$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
pricing: payg
workloads:
  - name: half
    type: inference
    model: llama-3-8b
    precision: fp16
    serving:
      input_tokens: 1024
      output_tokens: 256
      requests_per_s: 12
      max_ms_per_output_token: 50
      load:
        hours: [0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25]
YAML
gpufit recommend "$SCRATCH/p.yaml" 2>/dev/null | grep 'requests/s'
gpufit recommend -f markdown "$SCRATCH/p.yaml" 2>/dev/null | grep 'requests/s'
gpufit recommend -f json "$SCRATCH/p.yaml" 2>/dev/null | jq -c '.workloads[0].load_plan | {peak_requests_per_s, peak_replicas, in_flight_per_replica_at_peak}'
gpufit recommend -f html "$SCRATCH/p.yaml" 2>/dev/null | grep -o '[0-9]* requests/s at the peak' | sort -u
