# A list-skus file cut short: one error at the end of the file, exit 3.
head -c 500 tests/golden/quota/inputs/skus-eastus.json >"$SCRATCH/skus.json"
gpufit recommend --skus "$SCRATCH/skus.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit "${PIPESTATUS[0]}"
