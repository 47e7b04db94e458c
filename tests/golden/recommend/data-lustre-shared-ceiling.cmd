# 2 TB on Managed Lustre read at 20,000 MB/s within 100 h.  The file system
# gpufit sizes for the data is the 4 TiB minimum of Premium-500: 4 x 500 =
# 2,000 MB/s to any number of VMs (bottleneck storage), busy 2,000 / 20,000
# = 10 % (9 % with the checkpoint stall), so more VMs read no faster and no
# size meets the deadline on it: the recommendation is sized on the fix, a
# 40 TiB file system (20,000 / 500 per TiB), price unknown.  On it the
# ND96asr_v4's network (24,000 Mbps = 3,000 MB/s) is the limit, which more
# VMs do raise: 6 carry 18,000, 7 carry 21,000 >= 20,000, so 7 x ND96asr_v4
# fed, as the same job on one eastus Blob account (25,000 MB/s) is; not
# 18 x ND96isr_H100_v5 busy 9 %.  tests/cli/data-path.sh asserts the VM counts.
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
cd "$SCRATCH" && gpufit recommend --details p.yaml
