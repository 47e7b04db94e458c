# --region R: k8s deploys what recommend --region R recommends.  chat-8b in
# westeurope: recommend's choice is 4 x Standard_NC72lds_xl_RTXPRO6000BSE_v6,
# and k8s makes it one pool of that size and count, billed 4 VMs x $3.491/h
# x 730 h = $10,193.72/month, recommend's monthly figure.
gpufit recommend --region westeurope examples/chat-8b.yaml 2>/dev/null | grep '^recommendation:'
gpufit -f sh k8s --region westeurope examples/chat-8b.yaml 2>/dev/null |
	grep -E '^# (rtx|bill):|--node-vm-size|--node-count'
echo "k8s exit ${PIPESTATUS[0]}"
