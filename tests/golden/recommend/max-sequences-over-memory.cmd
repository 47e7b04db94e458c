# A max_sequences above what one instance's memory holds is no reason to
# reject a size in recommend: the workload's sequences are spread over
# instances, each batching what its memory holds.  By hand: 600 sequences
# at vLLM's default cap take ceil(600 / 256) = 3 A100 80 GB VMs ("base");
# with the cap set to 100000 ("big") memory bounds each instance, and an
# A100 80 GB holds more than 300 sequences of 1024 + 256 tokens after the
# 15 % headroom (estimate --sku Standard_NC24ads_A100_v4 --max-sequences
# 100000: the KV cache holds 382 without it),
# so 2 VMs carry them.
# Bills (eastus payg 3.673/h, catalog/prices.csv): big 3.673 x 2 VMs x 730 h =
# $5,362.58, base 3.673 x 3 x 730 = $8,043.87.
gpufit recommend tests/golden/recommend/inputs/max-sequences-over-memory.yaml | grep -E '^recommendation'
