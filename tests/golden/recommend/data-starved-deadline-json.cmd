# a run starved by one Blob account (12,800 MB/s from 6,250: busy 48.8 % on
# any number of VMs) misses its deadline on every size as declared; more VMs
# read no faster, so the recommendation is sized on the fix, ceil(12,800 /
# 6,250) = 3 accounts (fix_monthly_cost 0), and its data-starved warning keeps
# the declared numbers (data-starved-unfixable: no fix reaches the reads)
# The bill: 29 x Standard_ND128isr_NDR_GB200_v6 (indonesiacentral payg 126.54/h,
# catalog/prices.csv), one run of 1,302.55 h a month, 126.54 x 29 VMs x 1,302.55
# h = $4,779,922.83.
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
region: indonesiacentral
workloads:
  - name: starved
    type: training
    model: llama-3-70b
    training: { method: full, tokens: 1e12, sequence_length: 4096, deadline_hours: 1500 }
    data: { size: 200TB, storage: blob, read_mb_per_s: 12800 }
YAML
cd "$SCRATCH" && gpufit recommend -f json p.yaml
