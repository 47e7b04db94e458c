# Mistral 7B in fp16 on a T4: the weights (13.49 GiB) fit in the 14.25 GiB
# usable (15.0 x 0.95), but with the activations (0.25) and the runtime's
# overhead (1.00) they take 14.74 GiB: nothing is left for the KV cache, and
# the reason says so rather than "the weights do not fit".
gpufit estimate --model mistral-7b --gpu T4-PCIe-16GB --concurrency 1
