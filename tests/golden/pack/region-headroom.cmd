# examples/small-fleet.yaml in eastus with 40 % headroom, payg
# (catalog/prices.csv): the MIG plan of the 5 candidates costs $2,303.88, no
# less than their dedicated T4s, so it is not used; every workload is on whole
# Standard_NC4as_T4_v3 VMs, 0.526/h x 730 h = $383.98 a VM, 9 VMs
# (embeddings-bert 2): 9 x 383.98 = $3,455.82.
gpufit pack --region eastus --headroom 40 examples/small-fleet.yaml
