# inputs/traffic-hours.yaml: one daily curve, 30 requests/s at the peak, no
# autoscale: bounds.  recommend plans Standard_NC24ads_A100_v4 (1 VM a
# replica, 3.673/h payg), replicas by hour 1 x6, 2, 3, 3, 4 x7, 3, 3, 2, 2,
# 1 x4: trough 1 and peak 4 are the autoscaler's bounds (no autoscale: given),
# 45.94 requests in flight per replica at the peak (mean); its target, the
# most a replica is sized for (the Poisson mean whose 95th percentile fits its
# sequence capacity), is 74.98 ("74980m").
# min 1 > 0: an HPA (autoscaling/v2); the pool 1 VM x 1..4 replicas =
# --min-count 1 --max-count 4 (no headroom above the plan's maximum).
gpufit k8s tests/golden/k8s/inputs/traffic-hours.yaml
