# Spot VMs count against the regional spot quota (lowPriorityCores) only.
# Under --pricing spot both workloads get 1 x Standard_NC96ads_A100_v4 (96
# vCPUs each; NC48ads_A100_v4 is restricted in eastus): 2 x 96 = 192 spot
# vCPUs against 100 - 8 = 92 free, 100 missing (a limit of 200).  The
# StandardNCADSA100v4Family quota (96 - 24 = 72 free, less than 192) and
# cores are not charged: no finding names them.
gpufit recommend --pricing spot --skus tests/golden/quota/inputs/skus-eastus.json --usage EastUS=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml 2>&1 | grep -E "quota|recommendation:"
