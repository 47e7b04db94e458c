# The stale-price warning names the prices the fleet is billed with, the
# ones `check --max-catalog-age-days` judges: every recommendation is in
# eastus (observed 2024-08-26, 826 days before 2026-11-30), so only eastus;
# it named eastus2, westus2 and southcentralus too, whose prices no workload
# is billed with.
# The numbers (multi-region-md.cmd): the MIG plan is one pool of 1 x
# Standard_NC24ads_A100_v4 in eastus, 3.673/h x 730 h = $2,681.29, less than the
# dedicated $2,681.29 + $383.98 = $3,065.27; chat-8b's part 2,681.29 x 2,681.29
# / 3,065.27 = $2,345.41, rerank's 2,681.29 x 383.98 / 3,065.27 = $335.88.
gpufit recommend --details examples/multi-region.yaml
