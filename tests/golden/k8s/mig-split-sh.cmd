# The MIG plan of inputs/mig-split.yaml (gpufit recommend): pool mig2g-a100
# is 1 x Standard_NC24ads_A100_v4 split 3 x 2g.20gb, one slice each for a, c
# and e; pool mig3g-a100 is 1 x Standard_NC24ads_A100_v4 split 2 x 3g.40gb,
# for c's second replica and d; a's other 2 and e's other 3 replicas are on
# dedicated Standard_NC4as_T4_v3 (the plan's "5 replicas on dedicated small
# GPUs").  So exactly three node pools, the priced VMs:
#   a100mig2g  --gpu-instance-profile MIG2g  count 1 (the plan's 1 VM),
#              max ceil(1 x 1.15) = 2
#   t4         count 2 + 3 = 5, max ceil(5 x 1.15) = ceil(5.75) = 6
#   a100mig3g  --gpu-instance-profile MIG3g  count 1, max 2
# and c is not skipped (no warning, exit 0).
gpufit -f sh k8s tests/golden/k8s/inputs/mig-split.yaml
