# tests/golden/pack/inputs/many-small.yaml, eastus payg (catalog/prices.csv).
# AKS: one MIG profile a pool. Pools mig1g-a100 and mig3g-a100, each 2 x
# Standard_NC24ads_A100_v4, 3.673/h x 2 VMs x 730 h = $5,362.58; 11 replicas on
# dedicated Standard_NC4as_T4_v3, 0.526 x 730 = $383.98 each, $4,223.78: the MIG
# plan 2 x 5,362.58 + 4,223.78 = $14,948.94, against $17,682.06 on their best
# dedicated options. svc-i keeps 2 whole T4 VMs, 2 x 383.98 = $767.96. Total
# 14,948.94 + 767.96 = $15,716.90.
gpufit pack tests/golden/pack/inputs/many-small.yaml
