# --usage takes REGION=FILE (exit 2 otherwise); an unknown region and a
# malformed or truncated file are input errors (exit 3) with the position.
gpufit recommend --usage eastus tests/golden/quota/inputs/a100.yaml 2>&1; echo "rc $?"
gpufit recommend --usage atlantis=x.json tests/golden/quota/inputs/a100.yaml 2>&1; echo "rc $?"
head -c 200 tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/cut.json"
gpufit recommend --usage eastus="$SCRATCH/cut.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"; echo "rc ${PIPESTATUS[0]}"
printf '[{"name": {"value": "cores"}, "currentValue": 1, "limit": "ten"}]\n' >"$SCRATCH/bad.json"
gpufit k8s --usage eastus="$SCRATCH/bad.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"; echo "rc ${PIPESTATUS[0]}"
