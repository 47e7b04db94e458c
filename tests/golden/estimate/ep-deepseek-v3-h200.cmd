# Expert parallelism with SGLang's data-parallel attention: DeepSeek-V3 on
# 8x H200, EP 8, batch 64. By hand (tests/unit/test_sizing.c
# test_expert_parallel_deepseek_by_hand): the KV latent of 64 sequences x
# 2048 tokens x 70,272 B is held once, 8 sequences per GPU = 8.58 GiB in the
# instance (68.62 GiB under tensor parallelism, mla-deepseek-v3-native at 16
# sequences = 17.16); weights 639.36 GiB as under TP + the attention whole on
# each GPU: 8 x 7/8 x 11,520,873,784 x 1.000244 B = 75.13 GiB -> 714.49 GiB.
# Attention is its MLA math, not its latent read (test_mla_attention_by_hand):
# 64 x 1,536 x 61 x 2 x 128 x 1,088 / 8 FLOPs at 0.67 of 989.4 TFLOPS = 0.3149
# ms against 64 x 1,536 x 70,272 / 8 B at 0.7 of 4.8 TB/s = 0.2570 ms, both
# / 0.9^3: a step 0.079 ms longer than the read alone (35.32 -> 35.40 ms).
# Each MoE layer waits for the busiest GPU (test_ep_imbalance_by_hand): of its
# 32 experts the busiest reads 27.805 + 1.4236 x sqrt(32 x 0.8689 x 0.1311) =
# 30.523, 1.0978 x the mean, and gets 1 + 1.4236 x sqrt(8 / 1,024 + 2.14^2 x
# 8 / 256) = 1.5531 x the mean routed pairs of the 128 tokens a step (64
# decode + 64 prompt); the routed experts' part of the read and of the GEMMs
# grows so, and the prompt's (1,024 tokens: 1.5404 x) its prefill rate.
# Dispatch and combine as the engines do them on one node: each GPU gathers
# the other 7/8 of the tokens in FP8 (1.03125 B) and passes on 7/8 of the
# BF16 results: 58 x (20 us + 128 x 7/8 x 7,168 x 3.03125 B / 369 GB/s) =
# 1.543 ms a step, in place of the MLP and attention all-reduces; together
# 35.40 -> 38.45 ms. SGLang's host work is one rank's 8 sequences: 0.3 ms +
# 8 x 45 us (test_host_work_per_dp_rank); all 64 counted made it 40.97 ms.
gpufit -f json estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 64 --engine sglang --expert-parallel
