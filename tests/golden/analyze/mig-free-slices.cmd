# A MIG GPU whose instances leave a compute slice free. migh is assumed to be
# Standard_NC24ads_A100_v4 (1 x A100 80GB, 3.673 USD/h payg in eastus,
# 3.673 x 730 = 2,681.29 a month). Its instances 3g.40gb + 2g.20gb + 1g.10gb
# hold 3 + 2 + 1 = 6 of 7 compute slices, each its share of the VM's bill
# in whole cents, rounded down: 268,129 x 3/7 = 114,912.4 -> 1,149.12,
# x 2/7 = 76,608.3 -> 766.08, x 1/7 = 38,304.1 -> 383.04 (2,298.24). The
# free slice has the cents left, 2,681.29 - 2,298.24 = 383.05, and is idle,
# so the current cost is the whole VM, 2,681.29 (rows + free slice add up to
# it), the idle hours are 730 x 2/7 (the idle 2g.20gb) + 730 x 1/7 (the free
# slice) = 312.86 and the idle cost 766.08 + 383.05 = 1,149.13.  The
# savings are 0: the idle 2g.20gb
# shares its GPU with busy instances, so deleting it (or the free slice)
# leaves the VM's bill as it is; its recommendation says so.
for i in 1 2 3; do
	p=$(echo "3g.40gb 2g.20gb 1g.10gb" | cut -d' ' -f$i)
	a=$(echo "0.5 0.01 0.9" | cut -d' ' -f$i)
	echo "DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu=\"0\",UUID=\"GPU-migh-0\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"migh\",GPU_I_ID=\"$i\",GPU_I_PROFILE=\"$p\"} $a"
	echo "DCGM_FI_DEV_FB_USED{gpu=\"0\",UUID=\"GPU-migh-0\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"migh\",GPU_I_ID=\"$i\",GPU_I_PROFILE=\"$p\"} 3000"
done >"$SCRATCH/mig.prom"
gpufit analyze --min-samples 1 -f json "$SCRATCH/mig.prom" | jq '.totals | {current_monthly_cost, idle_gpu_hours_monthly, idle_cost_monthly, unallocated_mig_monthly_cost, unallocated_mig}'
gpufit analyze --min-samples 1 "$SCRATCH/mig.prom" 2>/dev/null | grep -E '^(idle|savings|MIG)'
# every row: the idle instance's recommendation and its savings
gpufit analyze --min-samples 1 -f json "$SCRATCH/mig.prom" | jq -c '.gpus[] | {mig_profile, finding, savings_monthly, recommendation}'
# Nine compute slices reported on one A100 (three 3g.40gb): no GPU holds
# them, so none is priced (a warning, and each row says why), where before
# the rows added up to 3 x 1,149.12 = 3,447.37, above the VM's 2,681.29.
for i in 1 2 3; do
	echo "DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu=\"0\",UUID=\"GPU-migh-0\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"migh\",GPU_I_ID=\"$i\",GPU_I_PROFILE=\"3g.40gb\"} 0.9"
done >"$SCRATCH/mig9.prom"
gpufit analyze --min-samples 1 -f json "$SCRATCH/mig9.prom" | jq -c '{current: .totals.current_monthly_cost, rows: [.gpus[] | {monthly_cost, unpriced_reason}]}'
# A profile its GPU does not have (3g.20gb is an A100 40GB profile) is not
# priced, not read as 3 of 7 slices by its name.
echo 'DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu="0",UUID="GPU-migh-0",modelName="NVIDIA A100 80GB PCIe",Hostname="migh",GPU_I_ID="1",GPU_I_PROFILE="3g.20gb"} 0.9' >"$SCRATCH/mig-wrong.prom"
gpufit analyze --min-samples 1 -f json "$SCRATCH/mig-wrong.prom" | jq -c '.gpus[] | {monthly_cost, unpriced_reason}'
