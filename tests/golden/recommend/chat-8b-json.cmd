# chat-8b.cmd as JSON; its numbers: examples/chat-8b.yaml at the eastus payg
# prices of catalog/prices.csv: each of the 2 replicas needs 24.4 GiB with 15 %
# headroom, more than a T4 (14.2 GiB usable) or a small MIG slice holds; the
# cheapest size that holds it is Standard_NC24ads_A100_v4 (one A100 80GB, 76.0
# GiB usable): 3.673/h x 2 VMs x 730 h = $5,362.58 a month. Its MIG plan would
# cost the same $5,362.58, not less, so it is not used. Next 2 x
# Standard_NV72ads_A10_v5, 6.52 x 2 x 730 = $9,519.20. Today 2 x
# Standard_NC48ads_A100_v4, 7.346 x 2 x 730 = $10,725.16: saving $5,362.58.
gpufit recommend -f json examples/chat-8b.yaml
