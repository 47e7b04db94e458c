# examples/chat-traffic.yaml, a service described by its traffic: recommend's
# load plan puts 0 to 2 replicas of Standard_NC24ads_A100_v4 (one VM, one GPU
# each, payg 3.673/h) on the hours of the day.  pack shows the peak's 2 VMs and
# the load plan's bill, the VM-hours it runs (recommend/traffic.cmd):
#   level 1: 643.10 h x 3.673 = 2,362.09; level 2: 282.44 h x 3.673 = 1,037.40
#   3,399.49 = recommend's monthly GPU cost, not 2 x 3.673 x 730 = 5,362.58;
# the line under the table gives the trough 0, the peak 2 and the autoscale
# bounds 0-8 of the profile.
gpufit pack examples/chat-traffic.yaml
