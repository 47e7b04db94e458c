# independent expectation: the "# expect:" comments of the fixture, checked by tests/cli/k8s-lint.sh (tests/k8s/check_lint_expect.py)
gpufit k8s lint --nodepools tests/fixtures/k8s-lint/nodepools.json tests/fixtures/k8s-lint/pools-mig.yaml
