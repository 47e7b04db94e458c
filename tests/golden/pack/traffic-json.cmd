# The same plan as pack/traffic, in JSON: vms[0] has vm_count 2 (the peak),
# monthly_cost 3,399.49 (the load plan's bill: 2,362.09 + 1,037.40) and
# hours_billed = 3,399.49 / (2 x 3.673) = 462.7675, and autoscale {min 0, max
# 8, trough 0, peak 2} from the profile's bounds and recommend's load plan.
gpufit -f json pack examples/chat-traffic.yaml
