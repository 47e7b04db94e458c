# The GPUs: the T4 has no BF16 or FP8 column and no MIG; the H100 SXM runs fp8.
gpufit catalog gpus
