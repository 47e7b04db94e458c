# examples/small-fleet.yaml, southcentralus payg (catalog/prices.csv),
# --strategy mixed: one pool mig-a100 of 1 x Standard_NC24ads_A100_v4, 4.408/h x
# 730 h = $3,217.84, and embeddings-bert's second replica on a dedicated
# Standard_NC4as_T4_v3, 0.631 x 730 = $460.63: the plan $3,678.47, proven
# optimal, against 8 x 460.63 = $3,685.04 dedicated; summarizer-3b on its own
# T4, $460.63. Total $4,139.10, recommend's (recommend/small-fleet).
gpufit pack --strategy mixed examples/small-fleet.yaml
