# The routed pairs' own cost when the experts' GEMMs run at the FP4 rate
# (moe_pair_ns, docs/sizing.md "The routed pairs' own cost"): Qwen3-30B-A3B
# in NVFP4 on one B200 under TensorRT-LLM, 64 sequences of 1,024/1,024. A
# step carries 64 decode and 64 prompt tokens, 128 x 8 = 1,024 routed pairs
# a layer: 48 x 1,024 x 17 ns = 0.836 ms of its 8.75 ms; the prompt's 1,024 x
# 8 x 48 x 17 ns = 6.68 ms of its 14.42 ms to the first token (by hand in
# tests/unit/test_sizing.c test_moe_pair_cost_by_hand, with the same run at
# moe_pair_ns 0 as the baseline). In FP8 the expert rate covers the pairs
# and the term is 0.
gpufit estimate --model qwen3-30b-a3b --gpu B200-SXM-180GB --precision fp4 --concurrency 64 --engine tensorrt-llm --input-tokens 1024 --output-tokens 1024
