# tests/golden/pack/inputs/many-small.yaml, eastus payg (catalog/prices.csv).
# --strategy mixed: profiles mix on a GPU, so one pool mig-a100 of 4 x
# Standard_NC24ads_A100_v4, 3.673/h x 4 VMs x 730 h = $10,725.16, and 6 replicas
# on dedicated Standard_NC4as_T4_v3, 6 x 0.526 x 730 = $2,303.88: the MIG plan
# $13,029.04 (against $17,682.06 dedicated); svc-i's 2 whole T4 VMs $767.96.
# Total 13,029.04 + 767.96 = $13,797.00.
gpufit pack --strategy mixed tests/golden/pack/inputs/many-small.yaml
