# llama.cpp serves 4 sequences by default (--parallel): 32 of them are over
# its cap, not over the 380 the memory holds (as in engine-cap-vllm).  500
# sequences under vLLM are over memory too: the memory reason with its
# shortfall (500 x 0.15625 = 78.13 GiB of KV cache + 16.21 = 94.34 GiB
# needed, 75.67 available: 18.67 short).
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --engine llama.cpp --concurrency 32 > "$SCRATCH/o"
echo "rc=$?"
grep -E '^(fits|why|shortfall|max concurrency) ' "$SCRATCH/o"
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 500 > "$SCRATCH/o"
echo "rc=$?"
grep -E '^(fits|why|shortfall|max concurrency) ' "$SCRATCH/o"
