# A full fine-tune of llama-3-70b on one T4 does not fit: fits false, the
# shortfall, null throughput, hours and MFU, exit 5 (as for inference).
# Defaults as in a profile: bf16 (sized as FP16 on a T4, which has no BF16
# units), method full, ZeRO-3.  Hand arithmetic (70.55e9 parameters):
#   weights 70.55e9 x 2 B = 131.42 GiB, gradients the same, optimizer
#   (fp32 master + Adam m, v) 70.55e9 x 12 B = 788.50 GiB, activations 8.82,
#   overhead 1: total 1061.15 GiB, shortfall 1061.15 - 14.25 = 1046.90 GiB
gpufit estimate --model llama-3-70b --gpu T4-PCIe-16GB --mode training -f json
