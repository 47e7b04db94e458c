# examples/vision-batch.yaml at westus2 spot prices (catalog/prices.csv): each
# of the 4 replicas needs 14.8 GiB with 15 % headroom, which a T4 (14.2 GiB
# usable) and the small MIG slices lack; the cheapest size that holds it is
# Standard_NC24ads_A100_v4: 0.615962/h x 4 VMs x 730 h = $1,798.61 (its MIG plan
# costs the same, so it is not used); next 4 x Standard_NV36ads_A10_v5,
# $2,336.00.
gpufit recommend --details examples/vision-batch.yaml
