# a run reading its dataset from one managed disk (900 MB/s per P80): with no
# deadline the fewest nodes that fit are starved; the fix is Managed Lustre
# (8,000 MB/s / 500 MB/s per TiB = 16 TiB), never another managed disk
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
