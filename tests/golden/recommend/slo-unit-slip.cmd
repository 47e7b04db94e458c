# An SLO of 0.05 ms (a slip for 0.05 s): a warning at its position, and the
# rejections echo the SLO as written ("SLO 0.05 ms"), never rounded to 0 ms.
cd "$SCRATCH" || exit 99
cat > p.yaml <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: chat
    type: inference
    model: llama-3-8b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4, max_ms_per_output_token: 0.05 }
YAML
gpufit recommend --details p.yaml
