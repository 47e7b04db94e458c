# The presets: llama-2-7b has 32 layers x 32 KV heads x 128 x 2 (K and V) x 2 B
# = 512 KiB of KV cache per token; llama-3-8b (8 KV heads) 128 KiB.
gpufit catalog models
