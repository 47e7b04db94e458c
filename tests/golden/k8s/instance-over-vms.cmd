# DeepSeek-R1 in FP8 for 32 sequences with 15 % headroom: recommend sizes one
# instance over 2 InfiniBand VMs of 8 x H200 (tests/cli/needs.sh has the
# arithmetic).  A Deployment pod runs on one node, so k8s skips it (exit 5)
# and says why, rather than writing pods that could not serve the model.
printf 'gpufit: 1\nregion: indonesiacentral\nworkloads:\n  - name: dsr1\n    type: inference\n    model: deepseek-r1\n    precision: native\n    serving: { input_tokens: 4096, output_tokens: 1024, concurrency: 32, engine: sglang, expert_parallel: true }\n' >"$SCRATCH/dsr1.yaml"
gpufit k8s "$SCRATCH/dsr1.yaml" 2>&1 | grep -v "^gpufit: warning: .*price"
exit "${PIPESTATUS[0]}"
