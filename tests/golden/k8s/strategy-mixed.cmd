# k8s deploys AKS node pools, each with one --gpu-instance-profile: a mixed
# MIG layout (pack --strategy mixed) cannot be deployed that way, so k8s
# refuses it (exit 2, one line) instead of deploying another plan; aks is
# accepted.
gpufit k8s --strategy mixed examples/small-fleet.yaml
