# examples/llm-70b-slo.yaml without headroom: 92.2 GiB instead of 106.0, so 4
# Standard_NC40ads_H100_v5 instances hold the sequences instead of 6: 6.98/h x 4
# VMs x 730 h = $20,381.60 (eastus payg, catalog/prices.csv).
gpufit recommend --headroom 0 --top 0 -f csv examples/llm-70b-slo.yaml
