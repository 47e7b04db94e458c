# bills by hand (payg, catalog prices; tests/cli/k8s-bills.sh checks every profile):
#   a100 2 x 3.673 x 730 = 5,362.58; t4 2 x 0.526 x 730 = 767.96 + 1 x 0.526 x 730 = 383.98;
#   h100 6.98 x 19.5954 h = 136.78; a100ib 5 x 27.197 x 208.658 h = 28,374.37;
#   total 35,025.67 = recommend -f json's totals.monthly_cost
# independent expectation: tests/cli/k8s.sh checks this profile's pools and manifests against recommend -f json (tests/k8s/check_k8s.py) and validates them with kubernetes-models
gpufit -f json k8s examples/k8s-mixed-fleet.yaml
