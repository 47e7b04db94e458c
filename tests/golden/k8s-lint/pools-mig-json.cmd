# independent expectation: the "# expect:" comments of the fixture (one mig-profile-not-in-pool at 19:13, one mig-count-exceeds-node at 37:13), checked by tests/cli/k8s-lint.sh
gpufit -f json k8s lint --nodepools tests/fixtures/k8s-lint/nodepools.json tests/fixtures/k8s-lint/pools-mig.yaml
