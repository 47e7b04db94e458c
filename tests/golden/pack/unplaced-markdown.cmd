# A replica fits nowhere: the markdown headline says the monthly cost is unknown
# and gives the placed part ($1,381.89, as unplaced-table) as such, never as the
# total (exit 5, as unplaced-table).
gpufit -f markdown pack tests/golden/pack/inputs/unplaced.yaml
