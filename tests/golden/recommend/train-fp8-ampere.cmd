# fp8 training asked of Ampere, westus2 payg (catalog/prices.csv): the run is
# sized as BF16 (the A100 has no FP8 tensor cores), 242.7 GiB with 15 %
# headroom, 30.3 GiB on each of 8 GPUs; the cheapest is 1 x Standard_ND96asr_v4:
# one run 109.83 h a month, 27.197/h x 1 VM x 109.83 h = $2,986.97; next 1 x
# Standard_NC96ads_A100_v4 $3,133.81.
gpufit recommend --details tests/golden/recommend/inputs/train-fp8-ampere.yaml
