# --all-rejected lists every rejection (no per-reason cap, retired sizes one by one);
# --headroom takes a percent sign like max_increase_pct.
gpufit recommend --all-rejected --headroom 15% examples/chat-8b.yaml
