cd "$SCRATCH" || exit 99
cat > p.yaml <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: impossible-405b
    type: inference
    model: { params_b: 405, layers: 126, hidden: 16384, heads: 128, kv_heads: 8, vocab: 128256 }
    precision: fp16
    serving: { input_tokens: 1024, output_tokens: 256, concurrency: 8, max_ms_per_output_token: 2 }
  - name: fine-8b
    type: inference
    model: llama-3-8b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4 }
YAML
gpufit recommend -f json p.yaml
