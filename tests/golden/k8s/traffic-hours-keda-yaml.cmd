# --autoscaler keda on a plan that does not scale to zero
# (inputs/traffic-hours.yaml, bounds 1 and 4 from the plan's trough and peak):
# a ScaledObject 1-4 instead of the HPA, the same pool (1-4 nodes) and target.
gpufit k8s --autoscaler keda tests/golden/k8s/inputs/traffic-hours.yaml
