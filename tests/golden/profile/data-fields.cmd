# every new data: field out of range, and a key that is not one: one error each, exit 3
cat >"$SCRATCH/p.yaml" <<'YAML'
gpufit: 1
workloads:
  - name: t
    type: training
    model: llama-2-7b
    training: { tokens: 1e9, sequence_length: 4096 }
    data:
      size: 10GB
      sample_bytes: 0
      epochs: -1
      checkpoint_every_min: "often"
      cold_start_s: 1e6
      epoch: 2
YAML
cd "$SCRATCH" && gpufit validate p.yaml
