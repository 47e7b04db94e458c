# fp4 (NVFP4) needs FP4 tensor cores (Blackwell) or an FP4 weight-only kernel
# (precisions fp4w: Marlin from Ampere on); the T4 (Turing) has neither: exit 5
# with the reason.
gpufit estimate --model qwen3-8b --gpu T4-PCIe-16GB --precision fp4
