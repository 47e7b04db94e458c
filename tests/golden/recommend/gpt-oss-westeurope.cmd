# gpt-oss-120b in its released precision (MXFP4 routed experts, BF16 rest) for
# 32 sequences of 4096 + 1024 tokens in westeurope.
# Independent expectation (hand arithmetic):
#   weights: 116.8e9 params, of which the routed experts 36 layers x 128 x
#   3 x 2880 x 2880 = 114.7e9 at 0.53125 B (MXFP4: 4 bits + an 8-bit scale per
#   32) = 60.9 GB, the other 2.1e9 at 2 B = 4.3 GB -> 65.2 GB = 60.7 GiB (the
#   unit test test_gpt_oss_weight_bytes pins the same figure);
#   no FP4 tensor cores on Hopper: weight-only through Marlin/Triton (fp4w);
#   it fits one 94 GB H100 NVL (NC40ads_H100_v5), so the cheapest such VM in
#   westeurope wins: NC40ads_H100_v5 at $9.08/h x 730 h = $6,628.40/month (the
#   cheaper NCC40ads_H100_v5, $8.90/h, is a confidential-computing size: only
#   for a workload with confidential: true, so not listed);
#   GPUs without FP4 weight-only kernels (T4, the RDNA3 V710) are rejected with
#   the reason, V100 and the RDNA2 V620 before that because vLLM does not run on
#   them (compute capability 7.5 or higher, V100 is 7.0; ROCm targets gfx90a,
#   gfx942, gfx950, gfx1100/1101/1200/1201/1150/1151, V620 is gfx1030:
#   catalog/engine_support.csv, docs.vllm.ai GPU installation); the westeurope snapshot (observed 2026-08-22) is older than 90
#   days on the golden clock, so one warning names it.
gpufit recommend --details examples/gpt-oss-westeurope.yaml
