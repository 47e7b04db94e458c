# The stale-price warning names the prices the fleet is billed with, the
# ones `check --max-catalog-age-days` judges: every recommendation is in
# eastus (observed 2024-08-26, 826 days before 2026-11-30), so only eastus;
# it named eastus2, westus2 and southcentralus too, whose prices no workload
# is billed with.
gpufit recommend --details examples/multi-region.yaml
