# inputs/traffic-hours.yaml: one daily curve, 30 requests/s at the peak, no
# autoscale: bounds.  recommend plans Standard_NC24ads_A100_v4 (1 VM a
# replica, 3.673/h payg), replicas by hour 1 x6, 2, 3, 3, 4 x7, 3, 3, 2, 2,
# 1 x4: trough 1 and peak 4 are the autoscaler's bounds (no autoscale: given),
# 45.94 requests in flight per replica at the peak (mean); its target, the
# most a replica is sized for (the Poisson mean whose 95th percentile fits its
# sequence capacity), is 74.98 ("74980m").
# min 1 > 0: an HPA (autoscaling/v2); the pool 1 VM x 1..4 replicas =
# --min-count 1 --max-count 4 (no headroom above the plan's maximum).
# The bill, one line per replica level (hours it runs of 24, x 730/24):
#   level 1: 24 h = 730 h x 3.673 = 2,681.29
#   level 2: 06:00-19:00, 14 h = 425.83 h x 3.673 = 1,564.09
#   level 3: 07:00-17:00, 11 h = 334.58 h x 3.673 = 1,228.92
#   level 4: 09:00-15:00,  7 h = 212.92 h x 3.673 =   782.04
#   pool = load_plan.monthly_cost = 6,256.34 (peak all day: 10,725.16)
gpufit -f json k8s tests/golden/k8s/inputs/traffic-hours.yaml
