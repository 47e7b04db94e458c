# Two 4 x A100 80GB VMs (assumed Standard_NC96ads_A100_v4, 14.692 USD/h
# payg: 14.692 x 730 = 10,725.16 a month each) over 24 h, every GPU
# under-used (SM p95 20 %, 15 GiB): two works share a GPU (40 %, 30 GiB).
# Consolidation: 8 works in 4 GPUs, one VM:
#   21,450.32 - 10,725.16 = 10,725.16.
# Resize: each VM's 4 works in 2 GPUs, Standard_NC48ads_A100_v4 (7.346 x
# 730 = 5,362.58): 10,725.16 - 5,362.58 = 5,362.58 each, 10,725.16 both.
# They change the same VMs: one is chosen (the consolidation, on a tie),
# the resizes are listed as alternatives and not added: the savings are
# 10,725.16, not 21,450.32.
gpufit analyze -f json tests/fixtures/telemetry/a100-quad.prom | jq -c '.proposals[] | {kind, chosen, sku, to_sku, hosts, released_hosts, vms_before, vms_after, monthly_bill_before, monthly_bill_after, savings_monthly}'
gpufit analyze -f json tests/fixtures/telemetry/a100-quad.prom | jq -c '.totals | {current_monthly_cost, savings_monthly}'
