# Quota from `az vm list-usage` (inputs/usage-eastus.json, as az writes it)
# for the plan of availability.cmd (--skus inputs/skus-eastus.json):
#   chat   1 x Standard_NC40ads_H100_v5   40 vCPUs  StandardNCadsH100v5Family
#   pinned 1 x Standard_NC80adis_H100_v5  80 vCPUs  StandardNCadsH100v5Family
# Family: 40 + 80 = 120 vCPUs needed; the file lists it as
# "standardNCadsH100v5Family" (names compare without case): limit 100, 0 in
# use, 100 free, 120 - 100 = 20 missing; a limit of 100 + 20 = 120 unlocks it.
# Regional total (cores): 120 needed, 350 - 48 = 302 free: no finding.
# The finding is on both workloads (both deploy into that quota).
gpufit recommend --details --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml
