# A data-starved fix is one that can be done.  tune runs on one
# Standard_NC80adis_H100_v5 (network 10,000 MB/s, local NVMe 7,152 GiB in
# catalog/vm_sizes.csv) and needs 20,000 MB/s from one Blob account
# (6,250 MB/s): the network cannot carry the reads from any shared store.
# 400 TB = 400e12 / 2^30 = 372,529 GiB does not fit 1 x 7,152 GiB of NVMe,
# so no fix on these VMs is proposed (not "cache it on local NVMe"); 2 TB =
# 1,863 GiB fits, and caching across epochs is.
gpufit check -f json --fail-on data-starved tests/golden/check/inputs/starved-400tb.yaml 2>/dev/null |
	jq -c '.gates[] | select(.name == "fail_on") | .passed'
gpufit recommend -f json tests/golden/check/inputs/starved-400tb.yaml 2>/dev/null |
	jq -r '.workloads[0].findings[] | select(.kind == "data-starved") | .fix'
sed 's/400TB/2TB/' tests/golden/check/inputs/starved-400tb.yaml > "$SCRATCH/2tb.yaml"
gpufit recommend -f json "$SCRATCH/2tb.yaml" 2>/dev/null |
	jq -r '.workloads[0].findings[] | select(.kind == "data-starved") | .fix'
