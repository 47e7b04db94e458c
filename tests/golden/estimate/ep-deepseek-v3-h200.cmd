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
# / 0.9^3: a step 0.079 ms longer than the read alone (37.84 -> 37.92 ms).
# Each MoE layer waits for the busiest GPU (test_ep_imbalance_by_hand): of its
# 32 experts the busiest reads 27.805 + 1.4236 x sqrt(32 x 0.8689 x 0.1311) =
# 30.523, 1.0978 x the mean, and gets 1 + 1.4236 x sqrt(8 / 1,024 + 2.14^2 x
# 8 / 256) = 1.5531 x the mean routed pairs of the 128 tokens a step (64
# decode + 64 prompt); the routed experts' part of the read and of the GEMMs
# grows so. The all-to-all carries each token to 4.6328 other GPUs, FP8
# dispatch (1.03125 B) and BF16 combine: 58 x (20 us + 128 x 4.6328 x 7,168 x
# 3.03125 / 8 x 1.5531 B / 369 GB/s) = 1.553 ms a step (1.223 ms before, one
# 16-bit copy of each token); together 37.92 -> 40.98 ms.
gpufit -f json estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 64 --engine sglang --expert-parallel
