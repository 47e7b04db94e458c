# a service of 4 replicas of llama-3.1-70b (70.55 B x 2 B = 141.1 GB each) on
# one VM each, loading from one Premium Blob account in eastus (25,000 MB/s):
# 6,250 MB/s per VM, cold start 141,107 / 6,250 = 23 s against 10 s, which
# needs 14,111 MB/s per VM (56,443 together).  The account is the bottleneck
# (4 x 10,000 MB/s of NC80adis_H100_v5 network > 25,000): stagger the starts,
# floor(25,000 / 10,000) = 2 at a time, or ceil(4 x 10,000 / 25,000) = 2
# accounts; but even alone a VM's 80,000 Mbps = 10,000 MB/s needs 141.1 / 10
# = 14 s > 10 s: keep the weights on its local NVMe, or accept 23 s.  No
# epochs, no steps.
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: svc-cold
    type: inference
    model: llama-3.1-70b
    serving: { input_tokens: 1024, output_tokens: 256, concurrency: 16 }
    replicas: 4
    data: { size: 140GB, storage: blob-premium, cold_start_s: 10 }
YAML
cd "$SCRATCH" && gpufit recommend p.yaml | grep -E '^recommendation|cold-start'
