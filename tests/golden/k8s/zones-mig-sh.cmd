# Six 3g.40gb slices of three services on one MIG plan pool of 3 ×
# NC24ads_A100_v4 (2 slices a GPU): chat-z1 asks zone 1, chat-z2 zone 2,
# chat-any none. The plan's pool is one node pool (its 3 VMs counted once),
# so it gets no --zones (0 lines) and stderr says why. With all three in
# zone 1 the pool gets --zones 1 and nothing is said.
gpufit -f sh k8s tests/golden/k8s/inputs/zones-mig.yaml 2>&1 >/dev/null | grep 'zones'
gpufit -f sh k8s tests/golden/k8s/inputs/zones-mig.yaml 2>/dev/null | awk '/--zones/ { n++ } END { print n + 0 }'
sed -e 's/zone: 2/zone: 1/' -e 's/replicas: 1$/replicas: 1\n    zone: 1/' tests/golden/k8s/inputs/zones-mig.yaml > "$SCRATCH/same.yaml"
gpufit -f sh k8s "$SCRATCH/same.yaml" 2>&1 | grep -e '--zones' -e 'different zones'
