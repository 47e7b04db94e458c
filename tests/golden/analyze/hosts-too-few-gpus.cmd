# A --hosts line gives t4host a size with 1 GPU, but the telemetry shows 4
# GPUs (gpu 0-3) on it: bad input (exit 3) at the size on line 2, column 8,
# instead of billing the one VM four times (4 x 383.98). big4 is fine: its
# 4 GPUs fit the 4 of Standard_NC64as_T4_v3.
cat >"$SCRATCH/hosts.txt" <<'EOF2'
# host size
t4host Standard_NC4as_T4_v3
big4 Standard_NC64as_T4_v3
EOF2
for h in t4host big4; do for g in 0 1 2 3; do
	echo "DCGM_FI_DEV_GPU_UTIL{gpu=\"$g\",UUID=\"GPU-$h-$g\",modelName=\"Tesla T4\",Hostname=\"$h\"} 50"
done; done >"$SCRATCH/t4.prom"
cd "$SCRATCH" && gpufit analyze --min-samples 1 --hosts hosts.txt t4.prom
