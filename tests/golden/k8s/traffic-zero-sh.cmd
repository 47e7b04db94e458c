# examples/chat-traffic.yaml: weekday and weekend curves, 12 requests/s at
# the peak, autoscale: { min_replicas: 0, max_replicas: 8 }.  recommend plans
# Standard_NC24ads_A100_v4 (1 VM a replica, 3.673/h payg), peak 2, trough 0
# (weekend nights), 62.96 requests in flight per replica at the peak.  The
# bounds are autoscale:'s 0 and 8.  Scale to zero: a KEDA ScaledObject
# (minReplicaCount 0, maxReplicaCount 8, threshold "69.51", the most in flight a replica is sized for), not an HPA; the
# pool 1 VM x 0..8 replicas = --node-count 0 --min-count 0 --max-count 8.
# The bill (tests/golden/recommend/traffic.cmd has the hours):
#   level 1: 643.10 h x 3.673 = 2,362.09; level 2: 282.44 h x 3.673 = 1,037.40
#   pool = load_plan.monthly_cost = 3,399.49
gpufit -f sh k8s examples/chat-traffic.yaml
