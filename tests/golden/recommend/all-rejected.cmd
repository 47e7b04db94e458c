# --all-rejected lists every rejection (no per-reason cap, retired sizes one by one);
# --headroom takes a percent sign like max_increase_pct.
# The recommendation is chat-8b.cmd's: 2 x Standard_NC24ads_A100_v4, eastus payg
# 3.673/h x 2 VMs x 730 h = $5,362.58 (catalog/prices.csv).
gpufit recommend --all-rejected --headroom 15% examples/chat-8b.yaml
