# examples/finetune-70b-lora.yaml, eastus payg (catalog/prices.csv): LoRA of a
# 70B model needs 542.0 GiB with 15 % headroom, 33.9 GiB on each of 16 GPUs; the
# cheapest is 2 x Standard_ND96asr_v4 (37.6 GiB usable a GPU): one run of 22.86
# h a month, 27.197/h x 2 VMs x 22.86 h = $1,243.46; next 2 x
# Standard_ND96amsr_A100_v4, 32.77 x 2 x 22.86 = $1,498.26.
gpufit recommend --details examples/finetune-70b-lora.yaml
