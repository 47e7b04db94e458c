# --explain on a size where a replica spans two instances: the memory of one
# instance at its share of the sequences (100 of 200), not all of them.
# qwen2.5-7b: weights 7.62e9 x 2 B = 14.19 GiB; KV cache 56 KiB x (8000 +
# 1000) tokens x 100 sequences = 48.07 GiB; + 0.22 + 1 = 63.47 GiB,
# x 1.15 = 73.0 GiB with the headroom (recommend prints the same 73.0 GiB
# per instance and 128.3 GiB for the replica).
gpufit recommend --explain Standard_NC24ads_A100_v4 tests/golden/recommend/inputs/needs.yaml
