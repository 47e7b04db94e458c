# k8s with usage files: the node pools of quota-short.cmd's plan need 120
# vCPUs of standardNCadsH100v5Family in eastus where 100 are free: the script
# says so under its first line (once, though both workloads carry the
# finding) and so does stderr.
gpufit k8s -f sh --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml 2>"$SCRATCH/err.txt" | head -3
grep -c "k8s: quota standardNCadsH100v5Family in eastus" "$SCRATCH/err.txt"
