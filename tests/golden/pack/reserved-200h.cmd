# Reserved-1y bills every VM of the plan 730 h a month whatever
# hours_per_month (200) says (docs/billing.md):
#   pool: 2 x Standard_NC40ads_H100_v5 at 6.125/h x 730 h = 8,942.50 (not x 200 h = 2,450.00)
#   its workloads on their best dedicated options (recommend's comparison):
#   14 x Standard_NV18ads_A10_v5 at 1.254452/h x 730 h = 14 x 915.75 =
#   12,820.50; the plan saves 1 - 8,942.50 / 12,820.50 = 30.2 %
gpufit pack tests/golden/pack/inputs/reserved-200h.yaml
