# k8s with --skus writes node pools only of sizes the subscription can
# launch: pinned (zone: 2) gets a Standard_NC80adis_H100_v5 pool, never the
# NC40ads_H100_v5 restricted in zone 2 (hand figures in availability.cmd).
gpufit k8s -f sh --skus tests/golden/quota/inputs/skus-eastus.json tests/golden/quota/inputs/a100.yaml | grep -E -- '--node-vm-size|^# '
