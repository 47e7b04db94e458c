# Six services; the MIG plan of eastus is one NC24ads_A100_v4 split 3g.40gb
# (3.673 $/h x 730 = $2,681.29) and five T4 VMs (0.526 x 730 = $383.98 each):
# P = $4,601.19.  emb-b (1 replica) and rerank (3) sit on T4s of their own
# and share no GPU: they are charged the T4s, $383.98 and 3 x 383.98 =
# $1,151.94, what Azure bills, and are not offered that deployment again as
# an alternative.  tiny-llm has one replica on a T4 of its own (383.98) and
# one on a slice; the pool's $2,681.29 is split over the slices' workloads by
# what their sliced replicas cost alone: tiny-llm 767.96 - 383.98 = 383.98,
# ocr 2,336.00 (an A10 alone), of 2,719.98: 268,129 cents x 38,398 /
# 271,998 = 37,851.81 and x 233,600 / 271,998 = 230,277.19, rounded down,
# the leftover cent to the larger remainder (tiny-llm): 383.98 + 378.52 =
# $762.50 and $2,302.77.  The parts sum to P: 383.98 + 1,151.94 + 762.50 +
# 2,302.77 = 4,601.19.
gpufit recommend --details --top 2 tests/golden/recommend/inputs/mig-dedicated.yaml
