# The recommend report of the eight-service example; its figures are checked
# against `recommend -f json` by tests/cli/html-reports.sh (tests/html_check.py).
gpufit recommend -f html examples/small-fleet.yaml
