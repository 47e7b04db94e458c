# The profile's azure: block and zone: key, validated with the rest: a zone
# outside 1-3, an unknown region under azure.usage, a region named twice,
# and an unknown key, each at its position (exit 3).
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
azure:
  skus: skus.json
  usage:
    eastus: usage-eastus.json
    EastUS: again.json
    atlantis: usage.json
  quota: 1
workloads:
  - name: a
    type: inference
    model: llama-3.1-8b
    zone: 4
    serving:
      input_tokens: 100
      output_tokens: 100
      concurrency: 1
YAML
gpufit validate "$SCRATCH/p.yaml" 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit "${PIPESTATUS[0]}"
