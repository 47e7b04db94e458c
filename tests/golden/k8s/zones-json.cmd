# The pools of zones-sh.cmd in JSON: "zones": ["1"], ["2"] and [].
gpufit -f json k8s tests/golden/k8s/inputs/zones.yaml | jq -c '.node_pools[] | {name, count, max_count, zones, workloads}'
