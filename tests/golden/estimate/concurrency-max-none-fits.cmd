# --concurrency max (the default) where not even one sequence fits: the
# memory rows are one sequence's, so the shortfall shows.  By hand, llama-3.1-8b
# keeps 32 layers x 2 x 8 KV heads x 128 x 2 B = 131,072 B a token; one
# sequence of 120,000 + 1,000 tokens holds 121,000 x 131,072 B = 14.77 GiB;
# 14.96 weights + 14.77 + 0.25 activations + 1.00 overhead = 30.98 GiB in the
# 22.80 GiB an L4 leaves: 8.18 GiB short.  Before, the KV cache read 0.00 and
# the total 16.21 GiB, below what was available, beside "fits no".
gpufit estimate --model llama-3.1-8b --gpu L4-PCIe-24GB --input-tokens 120000 --output-tokens 1000
