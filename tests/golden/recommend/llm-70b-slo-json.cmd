# llm-70b-slo.cmd as JSON; its numbers: examples/llm-70b-slo.yaml, eastus payg
# (catalog/prices.csv): the replica needs 106.0 GiB with 15 % headroom and its
# latency SLO; a T4 cannot run fp8 and small slices are short of memory. The
# cheapest is 6 x Standard_NC40ads_H100_v5, 6 instances of one H100 NVL 94GB
# each: 6.98/h x 6 VMs x 730 h = $30,572.40, a tie on cost, GPUs (6) and
# headroom (24.3 %) with 3 x Standard_NC80adis_H100_v5 (13.96 x 3 x 730), broken
# by the size's name.
gpufit recommend -f json examples/llm-70b-slo.yaml
