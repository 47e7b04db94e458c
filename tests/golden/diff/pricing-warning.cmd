gpufit diff -f json tests/golden/diff/inputs/spot.json tests/golden/diff/inputs/base.json | jq -r .delta_monthly
