# check on a fleet with no priced option: no gate passes on an unknown cost,
# the reason is given, exit 5.
gpufit check --max-monthly 100 tests/fixtures/fleets/unpriced.yaml
