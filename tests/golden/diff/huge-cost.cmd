# diff refuses a cost above 1e12 (it printed "total: $inf → ..."): exit 3,
# the file and the field named
jq '.totals.monthly_cost = 1e308' tests/golden/diff/inputs/base.json > "$SCRATCH/huge.json" || exit 99
R=$PWD
cd "$SCRATCH" && gpufit diff huge.json "$R/tests/golden/diff/inputs/head.json"
