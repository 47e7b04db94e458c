# a run reading its dataset from one managed disk (900 MB/s per P80): with no
# deadline the fewest nodes that fit are starved; the fix is Managed Lustre
# (8,000 MB/s / 500 MB/s per TiB = 16 TiB), never another managed disk
# The bill as printed: 1 x Standard_NC80adis_H100_v5 (eastus payg 13.96/h,
# catalog/prices.csv), one run of 34,936.69 h a month at the disk's rate, 13.96
# x 1 VM x 34,936.69 h = $487,716.19.
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: t
    type: training
    model: llama-2-7b
    training: { method: full, tokens: 2e11, sequence_length: 4096 }
    data: { size: 1TB, storage: premium-ssd, read_mb_per_s: 8000 }
YAML
cd "$SCRATCH" && gpufit recommend --details p.yaml
