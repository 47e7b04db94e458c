# The profile names the list-skus file (azure: skus:), relative to the
# profile's directory: the same result as --skus in availability.cmd.
cp tests/golden/quota/inputs/skus-eastus.json "$SCRATCH/skus.json"
sed 's/^region: eastus$/region: eastus\nazure:\n  skus: skus.json/' tests/golden/quota/inputs/a100.yaml >"$SCRATCH/fleet.yaml"
cd "$SCRATCH/.." && gpufit -f json recommend "$(basename "$SCRATCH")/fleet.yaml" |
	python3 -c '
import json, sys
for w in json.load(sys.stdin)["workloads"]:
    print(w["name"], w["recommendation"]["sku"], w["recommendation"]["monthly_cost"])
'
