# One Deployment per (workload, pool) of the MIG plan of inputs/mig-split.yaml
# (see mig-split-sh.cmd for the plan), each with the replicas the plan put
# there and that pool's resource:
#   a-a100mig2g  1  nvidia.com/mig-2g.20gb   a-t4  2  nvidia.com/gpu
#   c-a100mig2g  1  nvidia.com/mig-2g.20gb   c-a100mig3g  1  nvidia.com/mig-3g.40gb
#   d            1  nvidia.com/mig-3g.40gb   (one pool: named as before)
#   e-a100mig2g  1  nvidia.com/mig-2g.20gb   e-t4  3  nvidia.com/gpu
# The parts of one workload share app.kubernetes.io/name (the workload) and
# select their pods by app.kubernetes.io/instance (the object's name) too.
# tests/cli/k8s.sh validates these manifests against the Kubernetes schema.
gpufit k8s tests/golden/k8s/inputs/mig-split.yaml
