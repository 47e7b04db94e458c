# examples/small-fleet.yaml, southcentralus payg (catalog/prices.csv). Seven
# replicas fit a 1g.10gb slice cheaper at its share than a T4: the MIG plan is
# one pool of 1 x Standard_NC24ads_A100_v4, 4.408/h x 730 h = $3,217.84, and
# embeddings-bert's second replica on a dedicated Standard_NC4as_T4_v3, 0.631 x
# 730 = $460.63: $3,678.47, less than the 8 replicas on T4s, 8 x 460.63 =
# $3,685.04. The pool's $3,217.84 is split over its 7 slice replicas, whose
# dedicated costs are equal: $459.69 each, the leftover cent to the first
# (support-bot-7b $459.70); embeddings-bert 459.69 + 460.63 = $920.32.
# summarizer-3b is on its own T4, $460.63. Total 3,678.47 + 460.63 = $4,139.10.
gpufit recommend --details examples/small-fleet.yaml
