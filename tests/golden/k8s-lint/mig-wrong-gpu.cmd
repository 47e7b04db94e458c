# independent expectation: the "# expect:" comments of the fixture, checked by tests/cli/k8s-lint.sh (tests/k8s/check_lint_expect.py)
gpufit k8s lint tests/fixtures/k8s-lint/mig-wrong-gpu.yaml
