# bills by hand (southcentralus payg): the MIG pool's one VM 4.408 x 730 = 3,217.84;
#   t4 two workloads of 1 VM each, 0.631 x 730 = 460.63 each; total 4,139.10
# independent expectation: tests/cli/k8s.sh checks this profile's pools and manifests against recommend -f json (tests/k8s/check_k8s.py) and validates them with kubernetes-models
gpufit -f sh k8s examples/small-fleet.yaml
