# pricing: auto, 14 replicas in indonesiacentral (docs/billing.md); the MIG
# plan's workloads take one term together, recommend's:
# at 200 h a month payg wins: 1 x Standard_NC80adis_H100_v5 (2 GPUs) at
#   16.333/h x 200 h = 3,266.60, against reserved-3y 8.1667 x 730 =
#   5,961.69 and reserved-1y 12.25 x 730 = 8,942.50 (the same workloads on
#   their best dedicated options: 14 x Standard_NV18ads_A10_v5 at 1.96 x 200
#   = 14 x 392.00 = 5,488.00; the plan saves 1 - 3,266.60 / 5,488.00 = 40.5 %)
# at 730 h reserved-3y wins: 2 x Standard_NC40ads_H100_v5 at 4.0833 x 2 x 730
#   = 5,961.62, against payg 16.333 x 730 = 11,923.09 (on their best dedicated
#   options under reserved-3y: 8,813.77, recommend's D_w summed; saves 32.4 %)
gpufit pack tests/golden/pack/inputs/auto-200h.yaml
sed 's/^hours_per_month: 200/hours_per_month: 730/' tests/golden/pack/inputs/auto-200h.yaml > "$SCRATCH/auto-730h.yaml" || exit 99
gpufit pack "$SCRATCH/auto-730h.yaml"
