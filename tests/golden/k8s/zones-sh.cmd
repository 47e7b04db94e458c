# zone: becomes --zones on the node pool. Each of the three services is one
# NC24ads_A100_v4 (one A100 80 GB) per replica; the same size, but chat-z1
# (zone 1) and chat-z2 (zone 2) and chat-any (no zone) get three pools:
#   a100  --zones 1, 2 nodes, max ceil(2 x 1.15) = 3
#   a1002 --zones 2, 3 nodes, max ceil(3 x 1.15) = 4
#   a1003 no --zones, 1 node, max ceil(1 x 1.15) = 2
gpufit -f sh k8s tests/golden/k8s/inputs/zones.yaml
