# More Blob accounts are a fix only up to the storage accounts a
# subscription may have in a region: 250 (catalog/data_defaults.csv
# storage_accounts_per_region, Learn scalability targets).  vision-pretrain
# (examples/data-starved-blob.yaml, 2 VMs) reading 600,000 MB/s needs
# ceil(600,000 / 6,250) = 96 accounts: the fix.  At 2,000,000 MB/s it
# would need 320 > 250, and no Managed Lustre tier reaches it either
# (2,000,000 / 500 MB/s per TiB = 4,000 TiB > 128 TiB, the most a
# self-service file system has): no option meets the deadline, the check
# has no verdict (exit 5).
sed 's/read_mb_per_s: 12800/read_mb_per_s: 600000/' examples/data-starved-blob.yaml > "$SCRATCH/a.yaml"
gpufit recommend -f json "$SCRATCH/a.yaml" 2>/dev/null |
	jq -r '.workloads[0].findings[] | select(.kind == "data-starved") | .fix'
sed 's/read_mb_per_s: 12800/read_mb_per_s: 2000000/' examples/data-starved-blob.yaml > "$SCRATCH/b.yaml"
gpufit check --max-monthly 1e6 "$SCRATCH/b.yaml" 2>/dev/null
echo "rc=$?"
