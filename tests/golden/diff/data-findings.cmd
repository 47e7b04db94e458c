# the same job fed (4,000 MB/s) and starved (12,800 MB/s from one 6,250 MB/s
# account): the starved one meets its deadline only on the fix (3 accounts),
# so it keeps the fed size and price, and the data-starved finding appears
sed 's/read_mb_per_s: 12800/read_mb_per_s: 4000/' examples/data-starved-blob.yaml >"$SCRATCH/base.yaml"
gpufit recommend -f json "$SCRATCH/base.yaml" >"$SCRATCH/base.json" 2>/dev/null
gpufit recommend -f json examples/data-starved-blob.yaml >"$SCRATCH/head.json" 2>/dev/null
cd "$SCRATCH" && gpufit diff base.json head.json
