# No workload priced: the incomplete-total line says so, with no $0.00 part.
gpufit recommend -f html tests/fixtures/fleets/unpriced.yaml
