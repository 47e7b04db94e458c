# examples/data-cold-start.yaml: chat-70b-fleet (8 replicas of a 70B model) fits no
# MIG slice nor small GPU, so it is no MIG candidate: recommend puts it on 8 x
# Standard_NC80adis_H100_v5 of its own, and pack shows those whole VMs with its
# bill, $95,384.72 (= recommend's monthly GPU cost).
# By hand: 16.333/h (indonesiacentral payg, catalog/prices.csv) x 8 VMs x 730 h
# = $95,384.72.
gpufit pack examples/data-cold-start.yaml
