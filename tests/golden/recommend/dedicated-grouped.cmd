# mig_plan.dedicated: one entry per workload and size, not per replica.  w0
# and w1 put all three replicas on dedicated Standard_NC4as_T4_v3 (eastus payg
# 0.526/h): 3 VMs x 0.526 x 730 h = $1,151.94 each, the same as three
# one-replica entries of $383.98 would add up to.  (The plan itself costs
# more than the workloads' best dedicated options, so it is not used.)
gpufit -f json recommend tests/golden/recommend/inputs/dedicated-grouped.yaml 2>/dev/null |
	jq -c '.mig_plan.dedicated[], .mig_plan.used_in_totals'
