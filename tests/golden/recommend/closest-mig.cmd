# An SLO just below what the best slice reaches: the closest option is the one that
# misses by the smallest relative margin, named with its MIG profile and the margin:
# 1g.10gb needs 10.1 GiB (8.03e9 B fp8 weights + KV + overhead, x 1.15) and has 9.3 GiB
# usable: 10.1 / 9.3 - 1 = 9 % short, less than any latency miss at a 2 ms SLO (the
# fastest sizes, 8 GPUs in tensor parallel, decode in 2.5 ms or more, at least 1.5 ms of it
# vLLM's step: 25 % over; the SLO was 4 ms while vLLM's step was 3.5 ms).
cd "$SCRATCH" || exit 99
cat > p.yaml <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: chat
    type: inference
    model: llama-3-8b
    precision: fp8
    serving: { input_tokens: 256, output_tokens: 128, concurrency: 1, max_ms_per_output_token: 2 }
YAML
gpufit recommend p.yaml
