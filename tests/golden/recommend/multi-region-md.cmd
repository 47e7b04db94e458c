# examples/multi-region.yaml as Markdown; payg over four regions
# (catalog/prices.csv). Both workloads are MIG candidates, on 3g.40gb slices:
# the plan is one pool mig3g-a100 in eastus of 1 x Standard_NC24ads_A100_v4,
# 3.673/h x 730 h = $2,681.29, less than their best dedicated options, chat-8b's
# Standard_NC24ads_A100_v4 $2,681.29 + rerank's Standard_NC4as_T4_v3 0.526 x 730
# = $383.98 = $3,065.27. Each is charged its part of $2,681.29 in proportion to
# those: 2,681.29 x 2,681.29 / 3,065.27 = $2,345.41 and 2,681.29 x 383.98 /
# 3,065.27 = $335.88; total $2,681.29.
gpufit recommend -f markdown examples/multi-region.yaml
