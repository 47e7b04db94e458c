# check --fail-on quota-short fails (exit 1) on the plan of quota-short.cmd
# (20 vCPUs of standardNCadsH100v5Family missing in eastus); the same check
# with the quota large enough passes.
gpufit check --fail-on quota-short --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml >"$SCRATCH/check.txt" 2>&1
echo "rc $?"
grep -i "quota" "$SCRATCH/check.txt" | head -3
sed 's/"limit": 100,/"limit": 120,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit check --fail-on quota-short --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml >/dev/null 2>&1
echo "rc $?"
