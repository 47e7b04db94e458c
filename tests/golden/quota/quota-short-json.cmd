# quota-short.cmd as JSON: the finding's fields (hand figures in
# quota-short.cmd: 120 needed, 100 available, 20 missing).
gpufit -f json recommend --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml |
	python3 -c '
import json, sys
for w in json.load(sys.stdin)["workloads"]:
    for f in w["findings"]:
        if f["kind"] == "quota-short":
            print(w["name"], f["severity"], f["family"], f["region"], f["needed_vcpus"],
                  f["available_vcpus"], f["missing_vcpus"])
'
