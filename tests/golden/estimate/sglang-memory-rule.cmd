# SGLang's own memory split (engine_memory_rule, docs/sizing.md "Inference"):
# Qwen3-32B BF16 on one H100 80 GB (81,559 MiB). By hand: SGLang reserves
# 512 + 1.5 x 8192 + 2 x 256 + 1 x 1 / 8 x 1024 = 13,440 MiB, so
# mem_fraction_static = round((81559 - 13440) / 81559, 3) = 0.835; activations
# = 12,288 MiB = 12.00 GiB, overhead = 79.6475 x 0.165 - 12 = 1.14 GiB;
# weights 32.762123e9 x 2 B = 61.02 GiB; KV = 79.6475 x 0.835 - 61.02 =
# 5.48 GiB of room, 419 tokens x 262,144 B = 104.75 MiB a sequence ->
# 53 sequences (5.42 GiB). The generic split (--engine vllm) gives 130.
gpufit estimate --model qwen3-32b --gpu H100-SXM-80GB --engine sglang --precision bf16 --input-tokens 217 --output-tokens 202
