# A first-token SLO over 10 s is a unit slip only where the prompt cannot
# explain it: 1 ms a prompt token above 10,000 tokens.  120,000 tokens:
# 30,000 ms is plausible (no warning), 200,000 ms is over 120 s (a warning);
# 8,000 tokens keep the 10 s line (15,000 ms warns).
p() { printf 'gpufit: 1\nregion: eastus\nworkloads:\n  - name: rag\n    type: inference\n    model: llama-3.1-8b\n    serving: { input_tokens: %s, output_tokens: 800, concurrency: 4, max_time_to_first_token_ms: %s }\n' "$1" "$2" >"$SCRATCH/$3.yaml"; }
p 120000 30000 a; p 120000 200000 b; p 8000 15000 c
cd "$SCRATCH"
for f in a b c; do gpufit validate $f.yaml; echo "rc=$?"; done 2>&1
