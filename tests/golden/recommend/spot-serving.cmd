# examples/llm-70b-slo.yaml at eastus spot prices (catalog/prices.csv): the
# cheapest that holds the replica's 106.0 GiB within the SLO is 2 x
# Standard_ND96amsr_A100_v4 (8 x A100 80GB each): 3.6047/h x 2 VMs x 730 h =
# $5,262.86; next 2 x Standard_ND96asr_v4 at $6,551.76.
gpufit recommend --details --pricing spot examples/llm-70b-slo.yaml
