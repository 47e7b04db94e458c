# independent expectation: three results at the lines the "# expect:" comments of pools-select.yaml name (8:5, 31:9, 39:5); SARIF fields checked by tests/cli/k8s-lint.sh
gpufit -f sarif k8s lint --nodepools tests/fixtures/k8s-lint/nodepools.json tests/fixtures/k8s-lint/pools-select.yaml
