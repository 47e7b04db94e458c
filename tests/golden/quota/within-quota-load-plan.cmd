# --within-quota never moves a workload described by its traffic: its load
# plan (1 to 5 replicas of Standard_NC40ads_H100_v5 by the hour, 5 x 40 = 200
# vCPUs at the peak) was planned on that size. The H100 family's limit raised
# from 100 to 220, the A100 family's from 96 to 200 and the regional cores'
# from 350 to 1000 (302 -> 952 free):
#   unconstrained: chat 200 + pinned's NC80adis_H100_v5 80 = 280 > 220: short.
#   chat stays (its load plan, $16,135.44); pinned moves to 1 x
#   NC96ads_A100_v4 (96 vCPUs, 96 <= 176 free), +$534.36: H100 family 200 <=
#   220, cores 200 + 96 = 296 <= 952. Fleet $16,135.44 + $10,725.16 =
#   $26,860.60. chat's load plan and bill are those of its own size.
sed -e '44s/"limit": 100,/"limit": 220,/' -e 's/"limit": 96,/"limit": 200,/' -e 's/"limit": 350,/"limit": 1000,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit recommend --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/traffic.yaml
