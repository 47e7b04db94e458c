# llama.cpp on Hopper takes its own cost per layer (engine_layer_ms
# llama.cpp@Hopper, 0.1105 ms, fitted on current builds), not the engine-wide
# 0.166 ms.  By hand, a token of llama-2-7b in int4 on one H100 SXM: the
# 0.5 ms step + 32 x 0.1105 = 3.536 ms of layers + 6.738e9 x 0.53125 B /
# (3350 GB/s x 0.88) = 1.214 ms of weights = 5.250 ms; the KV read and the
# GEMMs' share add 0.02 ms: 5.27 ms, 189.7 tokens/s.
gpufit estimate --model llama-2-7b --gpu H100-SXM-80GB --precision int4 --engine llama.cpp --input-tokens 1 --output-tokens 128 --concurrency 1
