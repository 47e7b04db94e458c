# check --fail-on quota-short fails on quota-short.cmd's plan (rc 1) and
# passes with --within-quota when the A100 family has room (within-quota.cmd:
# pinned moves to NC96ads_A100_v4): rc 0. k8s --within-quota gives pinned's
# pool that size and says nothing of a short quota.
sed 's/"limit": 96,/"limit": 200,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit check --fail-on quota-short --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml >/dev/null 2>&1
echo "rc $?"
gpufit check --within-quota --fail-on quota-short --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml >/dev/null 2>&1
echo "rc $?"
gpufit k8s -f sh --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml 2>"$SCRATCH/err.txt" | grep -e '--node-vm-size' -e 'quota-short' -e 'is short'
awk '/quota-short|is short|: the plan needs/ { n++ } END { print n + 0 }' "$SCRATCH/err.txt"
