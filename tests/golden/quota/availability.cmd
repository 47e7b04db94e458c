# Availability from `az vm list-skus` (inputs/skus-eastus.json, the shape az
# writes, fields gpufit ignores included).  Both workloads run Llama 3.1 70B
# at fp8 in eastus (80.7 GiB with headroom): without --skus both get
# Standard_NC40ads_H100_v5 at $6.98/h x 730 h = $5,095.40/month.
# - chat asks no zone: NC40ads_H100_v5 is restricted in zone 2 only, so it
#   stays its recommendation; NC48ads_A100_v4 (restricted in eastus) is gone
#   from its alternatives ($7.346/h x 730 = $5,362.58 is dearer than the
#   recommendation, so it is not listed as rejected).
# - pinned asks zone: 2: NC40ads_H100_v5 is rejected "NotAvailableForSubscription
#   in eastus zone 2" and NC48ads_A100_v4 "NotAvailableForSubscription in eastus"
#   (both cheaper than what it gets); it gets NC80adis_H100_v5, $13.96/h x 730 =
#   $10,190.80.
# Fleet: 5,095.40 + 10,190.80 = $15,286.20/month.
gpufit recommend --details --skus tests/golden/quota/inputs/skus-eastus.json tests/golden/quota/inputs/a100.yaml
