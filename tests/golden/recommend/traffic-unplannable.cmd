# 1,000,000 requests/s of llama-3.1-70b with 8,000-token prompts and 2,000-token
# replies: every size that holds one replica would need more than 100,000
# replicas (LOAD_MAX_REPLICAS), so none is ranked and the finding says why,
# not which size missed memory.
cat > "$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: huge
    type: inference
    model: llama-3.1-70b
    serving: { input_tokens: 8000, output_tokens: 2000, requests_per_s: 1000000 }
YAML
gpufit recommend -f json "$SCRATCH/p.yaml" | jq -c '.workloads[0] | [.recommendation, .load_plan, [.findings[] | select(.kind == "infeasible") | .message]]'
