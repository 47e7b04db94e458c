# The usage file given as --skus by mistake is read (a JSON array) but its
# first element has no 'name' string: one error at that element, exit 3;
# an object where the array belongs is refused at 1:1.
printf '[\n  {"currentValue": 0, "limit": 10, "name": {"value": "cores"}}\n]\n' >"$SCRATCH/usage.json"
gpufit recommend --skus "$SCRATCH/usage.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"
echo "rc ${PIPESTATUS[0]}"
printf '{"value": []}\n' >"$SCRATCH/obj.json"
gpufit check --skus "$SCRATCH/obj.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"
echo "rc ${PIPESTATUS[0]}"
gpufit k8s --skus "$SCRATCH/none.json" tests/golden/quota/inputs/a100.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"
echo "rc ${PIPESTATUS[0]}"
