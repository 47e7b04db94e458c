# a starved run that misses its deadline on every size even sized again for
# deadline x busy: no feasible option, a data-starved error with null numbers
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
