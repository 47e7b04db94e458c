# A requested concurrency that does not fit names what bounds it: memory
# ("memory-capacity": 250 sequences of 8,256 tokens in an A10 that holds 71),
# or nothing when only the engine's cap on sequences in flight stops it (257
# on vLLM's 256, memory holding 380: no step runs, so no bound; it read
# "compute").
gpufit estimate --model llama-3.2-1b --gpu A10-PCIe-24GB --concurrency 250 --input-tokens 8000 | grep -E '^(fits|max concurrency|bound) '
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 257 | grep -E '^(fits|bound) '
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --concurrency 257 -f json | grep '"bound"'
