# One of three services is unpriced: the total is unknown, the priced part
# is 2 x $383.98 = $767.96 (tests/fixtures/fleets/partly-priced.yaml), and
# the current total says which workload it covers.
gpufit recommend --top 1 tests/fixtures/fleets/partly-priced.yaml | grep -E '^(monthly GPU cost|fleet):'
gpufit recommend -f json tests/fixtures/fleets/partly-priced.yaml | jq -c '.totals'
gpufit recommend -f markdown tests/fixtures/fleets/partly-priced.yaml | head -1
