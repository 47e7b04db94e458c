# An AMD pool beside an NVIDIA one in one cluster. Expected by hand, from
# AKS "Use AMD GPUs" and "Use GPUs": the MI300X pool (its pod asks for
# amd.com/gpu) is created with --gpu-driver None and gets the marked AMD GPU
# Operator step plus a runtime reminder on stderr; the NVIDIA pool keeps
# --gpu-driver Install and is the only pool in the device plugin's affinity
# (no migStrategy: no MIG pool). tests/cli/k8s.sh checks the same with
# tests/k8s/check_k8s.py.
cat >"$SCRATCH/amd.yaml" <<'YAML'
gpufit: 1
region: swedencentral
workloads:
  - name: big
    type: inference
    requirements: { gpu_memory_gib: 150 }
  - name: chat
    type: inference
    model: llama-3.1-8b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4 }
YAML
cd "$SCRATCH" && gpufit -f sh k8s amd.yaml
