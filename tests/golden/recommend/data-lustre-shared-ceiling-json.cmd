# data-lustre-shared-ceiling in JSON: the data-starved finding keeps the
# numbers of the storage as declared (20,000 needed, 2,000 supplied, busy
# 0.0999 with the checkpoint stall), extra_monthly_cost 0 (the recommendation
# is fed on the fix) and fix_monthly_cost null (no Lustre price in the catalog)
# The bill: 7 x Standard_ND96asr_v4 (eastus payg 27.197/h, catalog/prices.csv),
# one run of 56.07 h, 27.197 x 7 VMs x 56.0653 h = $10,673.65.
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: pt
    type: training
    model: llama-2-13b
    training: { method: full, tokens: 2e10, deadline_hours: 100 }
    data: { size: 2TB, storage: managed-lustre, read_mb_per_s: 20000 }
YAML
cd "$SCRATCH" && gpufit recommend -f json p.yaml | jq '.workloads[0] | {rec: .recommendation | {sku, vm_count, monthly_cost, job_hours}, findings: [.findings[] | select(.kind == "data-starved")]}'
