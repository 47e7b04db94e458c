# Standard_ND96is_MI300X_v5 is kept in catalog/vm_sizes.csv only so a price
# under either armSkuName matches: same series, spec and prices as
# Standard_ND96isr_MI300X_v5, the name Learn uses.  The VM is ranked once,
# under that name: the headline, never an alternative of itself.  By hand:
# 2 VMs x 67.20 USD/h (swedencentral payg) x 77.8 h per run = $10,456.84.
gpufit recommend --details --top 5 tests/golden/recommend/inputs/alias-mi300x.yaml
gpufit -f json recommend --top 5 tests/golden/recommend/inputs/alias-mi300x.yaml | python3 -c '
import json, sys
w = json.load(sys.stdin)["workloads"][0]
skus = [w["recommendation"]["sku"]] + [a["sku"] for a in w["alternatives"]]
skus += [r["sku"] for r in w["rejected"]]
assert "Standard_ND96is_MI300X_v5" not in skus, skus
opts = [w["recommendation"]["sku"]] + [a["sku"] for a in w["alternatives"]]
assert len(opts) == len(set(opts)), opts
print("named once:", w["recommendation"]["sku"])'
