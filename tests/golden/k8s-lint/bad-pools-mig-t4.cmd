# MIG1g on a T4, which has no MIG: an input error naming the pool, exit 3.
gpufit k8s lint --nodepools tests/fixtures/k8s-lint/nodepools-bad-mig-t4.json tests/fixtures/k8s-lint/pools-mig.yaml
