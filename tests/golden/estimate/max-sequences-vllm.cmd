# --max-sequences sets the engine's cap as the user runs it (vLLM
# max_num_seqs).  llama-3-8b on one H100 at 1024 + 256 tokens: memory holds
# 380 sequences (by hand in engine-cap-vllm: 59.46 GiB free / 0.15625 GiB a
# sequence).  (1) 300 sequences, above vLLM's default cap of 256, fit under
# a cap of 512; (2) a cap of 4096 with no concurrency is more than the KV
# cache holds (380): not fitting, with that reason; (3) 301 sequences over a
# cap of 300 name the cap that was set.
grep_rows() { grep -E '^(fits|why|max concurrency|concurrency) '; }
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 300 --max-sequences 512 | grep_rows
echo "rc=${PIPESTATUS[0]}"
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --max-sequences 4096 | grep_rows
echo "rc=${PIPESTATUS[0]}"
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 301 --max-sequences 300 | grep_rows
echo "rc=${PIPESTATUS[0]}"
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --max-sequences 0
echo "rc=$?"
