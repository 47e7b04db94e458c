# within-quota.cmd in JSON: pinned's within-quota finding (the quota it was
# short in at the unconstrained plan: 120 needed, 100 free, 20 missing; the
# unconstrained size and bill, $10,725.16 - $10,190.80 = $534.36 extra, and
# the limit 100 + 20 = 120 that unlocks it), the fleet total $15,820.56, and
# no quota-short finding.
sed 's/"limit": 96,/"limit": 200,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit -f json recommend --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml >"$SCRATCH/r.json"
jq -c '.workloads[] | {name, sku: .recommendation.sku, findings: [.findings[] | select(.kind == "within-quota" or .kind == "quota-short") | del(.message)]}' "$SCRATCH/r.json"
jq -c '{monthly: .totals.monthly_cost, warnings: [.warnings[] | select(test("within quota"))]}' "$SCRATCH/r.json"
