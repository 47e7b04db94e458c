# examples/chat-8b.yaml over three regions (payg, catalog/prices.csv): the
# cheapest size that holds a replica's 24.4 GiB is Standard_NC24ads_A100_v4 in
# each, 3.673/h x 2 VMs x 730 h = $5,362.58 in eastus and westus2 alike and
# 4.408 x 2 x 730 = $6,435.68 in southcentralus; on a tie the region named first
# (eastus) is the recommendation.
gpufit recommend --details --region eastus --region westus2 --region southcentralus --top 1 examples/chat-8b.yaml
