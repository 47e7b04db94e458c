# An SLO no size meets: the closest option is the one that misses the failing
# constraint, the SLO, by the least, in ms/token - not a size short of memory.  1g.10gb
# is 9 % short (10.1 GiB needed: 8.03e9 B fp8 weights + KV + overhead, x 1.15; 9.3 GiB
# usable), but a slice with the memory would still miss the SLO: every size that holds
# the model passes the memory check and fails at the latency one.  The fastest, 8 H200
# in tensor parallel, decode in 2.56 ms/token (1.5 ms of it vLLM's step): printed 2.6,
# 2.56 / 2 - 1 = 28 % over (JSON margin_pct 27.9).
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
gpufit recommend --details p.yaml
