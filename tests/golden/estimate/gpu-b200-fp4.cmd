# B200 has no Azure size: estimate sizes it and warns that recommend never
# proposes it.  NVFP4 runs at the FP4 tensor rate (9000 dense TFLOPS), not
# the FP8 one (4500).  By hand, a 128-token prompt of llama-2-7b (P 6.738e9,
# 32 layers of 4096) under TensorRT-LLM: 9000e12 x prefill_mfu 0.55 /
# (2 x 6.738e9 + 2 x 32 x 4096 x 128) = 366,407 tokens/s (366,385 with the
# preset's embeddings and head counted as the program does), twice the fp8
# figure of tests/golden/estimate/gpu-b200-fp8.
gpufit estimate --model llama-2-7b --gpu B200-SXM-180GB --precision fp4 --engine tensorrt-llm --input-tokens 128 --output-tokens 1 --concurrency 1
