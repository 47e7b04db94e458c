# Usage for eastus only, no --skus: one warning that availability was not
# checked, one that westus (where the workload west runs) has no usage file.
# eastus: chat and pinned both get Standard_NC40ads_H100_v5 (40 vCPUs each):
# 80 of the family's 100 free, 80 of cores' 302: no finding.
gpufit recommend --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/fleet.yaml 2>&1 | grep -E "quota|availability|recommendation:"
