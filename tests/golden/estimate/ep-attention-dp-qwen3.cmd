# Qwen3-235B-A22B (4 KV heads) on 8x H200 under vLLM with expert
# parallelism, attention data-parallel (serving.attention, --attention):
# under tensor parallelism its 4 KV heads split over 4 of the 8 GPUs and
# each is held twice; data-parallel, each GPU holds the whole KV of its own
# sequences. KV per token, FP8 (the default for FP8 weights): 94 layers x 4
# heads x 128 x 2 (K, V) x 1 B = 96,256 B = 94 KiB; 256 sequences of 2,048
# tokens = 47.00 GiB for the instance (94.00 GiB under tensor parallelism:
# test_attention_dp_without_mla). Each GPU also holds the attention whole:
# 94 layers x 4,096 x 128 x 2 x (64 query + 4 KV heads) = 6,702,497,792
# parameters, 7/8 of them more on each of 8 GPUs at 1 B: +43.70 GiB of
# weights (218.95 -> 262.64 GiB).
gpufit estimate --model qwen3-235b-a22b --gpu H200-SXM-141GB --gpus 8 --precision fp8 --input-tokens 1024 --output-tokens 1024 --concurrency 256 --engine vllm --expert-parallel --attention data-parallel
