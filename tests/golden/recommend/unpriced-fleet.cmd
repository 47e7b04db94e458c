# No option is priced in the fleet's region: the total is unknown, never
# $0.00 (table), and null with complete false in JSON.
gpufit recommend --top 1 tests/fixtures/fleets/unpriced.yaml | grep -E '^(monthly GPU cost|fleet):'
gpufit recommend -f json tests/fixtures/fleets/unpriced.yaml | jq -c '.totals'
