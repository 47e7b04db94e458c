# check on a partly priced fleet: the priced part ($767.96) is under the
# limit, but a partial cost gives no verdict: exit 5, in every format.
gpufit check --max-monthly 100000 tests/fixtures/fleets/partly-priced.yaml
echo "rc=$?"
gpufit check -f json --max-monthly 100000 tests/fixtures/fleets/partly-priced.yaml | jq -c '{passed, gates: [.gates[] | [.name, .actual, .passed]], totals}'
gpufit check -f csv --max-monthly 100000 tests/fixtures/fleets/partly-priced.yaml
