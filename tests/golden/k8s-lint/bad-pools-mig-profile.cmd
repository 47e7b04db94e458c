# A pool whose gpuInstanceProfile its GPU does not have: MIG9g on an A100
# (AKS makes MIG1g ... MIG7g).  An input error naming the pool, exit 3,
# before any manifest is read.
gpufit k8s lint --nodepools tests/fixtures/k8s-lint/nodepools-bad-mig.json tests/fixtures/k8s-lint/pools-mig.yaml
