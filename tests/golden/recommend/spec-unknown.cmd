# westus3 prices three NC A10 v4 sizes the spec tables do not know: they are
# never sized or recommended, but rejected and the warnings name them.
# The recommendation: 4 x Standard_NC24ads_A100_v4, westus3 spot 0.40403/h x 4
# VMs x 730 h = $1,179.77 (catalog/prices.csv), the cheapest size that holds the
# 14.8 GiB a replica needs.
gpufit recommend --details --region westus3 --top 1 examples/vision-batch.yaml
