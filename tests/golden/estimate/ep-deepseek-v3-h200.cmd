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
gpufit -f json estimate --model deepseek-v3 --gpu H200-SXM-141GB --gpus 8 --precision native --input-tokens 1024 --output-tokens 1024 --concurrency 64 --engine sglang --expert-parallel
