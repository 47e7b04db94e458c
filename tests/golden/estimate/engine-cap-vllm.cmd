# 257 sequences on one H100 under vLLM: memory holds them, vLLM's default
# max_num_seqs (256) does not.  By hand: free = 75.67 GiB available - 14.96
# weights - 0.25 activations - 1.00 overhead = 59.46 GiB; one sequence of
# 1280 tokens x 131072 B = 0.15625 GiB; 59.46 / 0.15625 = 380.5 -> memory
# holds 380.  The reason names the engine cap and its option, no shortfall.
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 257 > "$SCRATCH/o"
rc=$?
grep -E '^(memory (total|available)|fits|why|shortfall|max concurrency|concurrency) ' "$SCRATCH/o"
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 257 -f json |
	grep -E '"(fits|shortfall_gib|max_concurrency|note)"'
exit $rc
