# A workload --within-quota cannot move already needs more of a quota than
# is free: chat's load plan peaks at 5 x Standard_NC40ads_H100_v5 = 200
# vCPUs of the H100 family, whose limit is 100. No plan fits that quota
# whatever the others do, so nothing moves (pinned keeps its NC80adis_H100_v5,
# though the A100 family's limit is raised to 4000 and the cores' to 5000)
# and the quota-short findings are those of the plan without --within-quota:
# 200 + 80 = 280 needed, a limit of 280.
sed -e 's/"limit": 96,/"limit": 4000,/' -e 's/"limit": 350,/"limit": 5000,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit recommend --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/traffic.yaml
