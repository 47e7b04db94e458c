# pack keeps the confidential rule of recommend (tests/golden/recommend/deployable.cmd):
# secret (confidential: true) may only have the confidential NCC40ads_H100_v5, a
# dedicated VM at $8.90/h x 730 h = $6,497.00 (no confidential size has MIG); plain
# never gets it and takes the whole-GPU slice 7g.94gb of an NC40ads_H100_v5,
# $9.08/h x 730 = $6,628.40.  The 405B workloads fit no slice or small GPU.
# Placed: 6,497.00 + 6,628.40 = $13,125.40.
gpufit pack tests/golden/recommend/inputs/deployable.yaml
