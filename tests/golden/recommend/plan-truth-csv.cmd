# The same fleet as csv: raw numbers, the unit in the header, cost_basis per row.
gpufit recommend -f csv --top 2 tests/fixtures/fleets/five-services.yaml
