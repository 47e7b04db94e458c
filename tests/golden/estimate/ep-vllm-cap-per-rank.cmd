# vLLM runs one engine per data-parallel rank, and max_num_seqs holds for
# each (engine_cap_per_dp_rank 1; docs/sizing.md "Expert parallelism"):
# DeepSeek-V3 under expert parallelism with data-parallel attention on 8x
# H200 takes 256 x 8 = 2,048 sequences in flight by default, so 300 fit
# (memory holds (1,067.05 - 714.49 - 0.44 - 8.00) GiB / 137.2 MiB = 2,568
# sequences of 2,048 tokens, 2,567 after each GPU rounds down its share).
# Under tensor-parallel attention one engine holds at most 256: golden
# engine-cap-vllm shows that refusal. Unit test test_cap_per_dp_rank.
gpufit estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 300 --engine vllm --expert-parallel
