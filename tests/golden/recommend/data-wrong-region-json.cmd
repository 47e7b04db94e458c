# data-wrong-region.cmd as JSON; its numbers: examples/data-wrong-region.yaml,
# eastus payg (catalog/prices.csv): the cheapest size that trains it within the
# 504 h deadline is 5 x Standard_ND96asr_v4 (40 A100 40GB, 28.8 of 37.6 GiB used
# on each): one run 417.32 h, 2 runs a month, 27.197/h x 5 VMs x 834.632 h =
# $113,497.46 ($56,748.73 a run); next 5 x Standard_ND96amsr_A100_v4
# $136,754.49. The data-gravity finding prices streaming the data from
# southcentralus.
gpufit recommend -f json examples/data-wrong-region.yaml
