# A max_sequences set for vLLM under data-parallel attention is its
# max_num_seqs, per rank: 32 x 8 ranks = 256 in flight, under the 300
# asked; the message says both (test_cap_per_dp_rank), exit 5 as for any
# estimate that does not fit (docs/commands.md).
gpufit estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 300 --engine vllm --expert-parallel --max-sequences 32
