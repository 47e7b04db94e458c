# examples/data-starved-blob.yaml, indonesiacentral payg (catalog/prices.csv):
# training needs 487.8 GiB with 15 % headroom, 30.5 GiB on each of 16 GPUs;
# sized on the storage fix (the data starves the GPUs at one Blob account), the
# cheapest is 2 x Standard_ND96isr_H200_v5: one run takes 1,028.11 h, billed
# 99.216/h x 2 VMs x 1,028.11 h = $204,009.11 (one run a month), against 2 x
# Standard_ND128isr_NDR_GB200_v6 at $205,948.00.
gpufit recommend --details examples/data-starved-blob.yaml
