gpufit check -f json tests/golden/check/inputs/infeasible.yaml | jq -c '{passed, gates: [.gates[] | {name, passed, actual}], totals}'
