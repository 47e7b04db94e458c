# --within-quota on the plan of quota-short.cmd, with the A100 family's
# limit raised from 96 to 200 (24 in use: 176 free):
#   unconstrained: chat 1 x NC40ads_H100_v5 (40 vCPUs) $5,095.40, pinned 1 x
#   NC80adis_H100_v5 (80) $10,190.80 = $15,286.20; standardNCadsH100v5Family
#   needs 120, 100 free: short.
#   ways out of that family: chat's NC96ads_A100_v4 costs +$5,629.76, pinned's
#   +$10,725.16 - $10,190.80 = +$534.36 (chat's NC80adis is the same family).
#   The cheaper move: pinned to 1 x NC96ads_A100_v4 (96 vCPUs): A100 family
#   96 <= 176, cores 40 + 96 = 136 <= 350 - 48 = 302, H100 family 40 <= 100.
#   Fleet: $5,095.40 + $10,725.16 = $15,820.56, $534.36 over the
#   unconstrained plan; a limit of 120 on the H100 family unlocks that one.
# No quota-short finding remains.
sed 's/"limit": 96,/"limit": 200,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit recommend --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus="$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml
