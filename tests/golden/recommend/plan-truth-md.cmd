# The same fleet in markdown: the same placements and costs as the table.
gpufit recommend -f markdown --top 2 tests/fixtures/fleets/five-services.yaml
