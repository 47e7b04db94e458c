# Two 8 x H100 VMs (Standard_ND96isr_H100_v5, 98.32 USD/h payg, 79.65 GiB a
# GPU) over 24 h: nd-b has five busy GPUs, two idle and one under-used (SM
# p95 25 %, 20 GiB); nd-c one busy, one under-used (30 %, 30 GiB) and six
# idle.  The two under-used works share one GPU (25 + 30 = 55 % <= 85 %,
# 20 + 30 = 50 GiB <= 79.65 x 0.85 = 67.7 GiB), so the work needs 6 + 1 = 7
# GPUs: one VM.  nd-c's busy GPU moves onto an idle GPU of nd-b, its
# under-used one beside nd-b's, and nd-c is released:
#   before 98.32 x 2 x 730 = 143,547.20, after 98.32 x 1 x 730 = 71,773.60,
#   saving 143,547.20 - 71,773.60 = 71,773.60 a month.
gpufit analyze tests/fixtures/telemetry/nd-h100-two-vms.prom 2>/dev/null | sed -n '/^fleet:/,/^$/p'
gpufit analyze -f json tests/fixtures/telemetry/nd-h100-two-vms.prom | jq -c '.proposals[], {window: .window.extrapolated_from_hours, current: .totals.current_monthly_cost, savings: .totals.savings_monthly}'
# Markdown: the same figures
gpufit analyze -f markdown tests/fixtures/telemetry/nd-h100-two-vms.prom 2>/dev/null | sed -n '/Fleet:/,/Why:/p'
