# examples/pretrain-7b.yaml, eastus payg (catalog/prices.csv): it needs 1,152.4
# GiB with 15 % headroom, 28.8 GiB on each of 40 GPUs: within the 504 h deadline
# the cheapest is 5 x Standard_ND96asr_v4 (37.6 GiB usable a GPU): one run
# 417.32 h, half a run a month, 27.197/h x 5 VMs x 208.658 h = $28,374.37; next
# 5 x Standard_ND96amsr_A100_v4 $34,188.62.
gpufit recommend --details examples/pretrain-7b.yaml
