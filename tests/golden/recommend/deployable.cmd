# One profile, four workloads (tests/golden/recommend/inputs/deployable.yaml):
# - big-trt and big-vllm: Llama 3.1 405B at fp16 (891.0 GiB with headroom) in
#   northeurope; on one 8-GPU VM it fits the 8 x 192 GB MI300X and the 8 x 141 GB
#   H200.  Under vLLM (NVIDIA and AMD ROCm) the MI300X wins: $57.60/h x 730 h =
#   $42,048.00/month against the H200 $101.76/h x 730 = $74,284.80.  TensorRT-LLM
#   runs on NVIDIA only (catalog/engine_support.csv): every AMD size (MI300X,
#   V620, V710) is rejected "tensorrt-llm runs on NVIDIA GPUs only; ... is AMD",
#   so big-trt gets the H200 at $74,284.80 and k8s never asks amd.com/gpu for it.
#   Engines are limited by architecture too (catalog/engine_support.csv, the GPU's
#   target in catalog/gpu_models.csv): TensorRT-LLM supports Ampere (compute
#   capability 8.0) and later (its supported-hardware page), so T4 (7.5) and V100
#   (7.0) are rejected "tensorrt-llm needs CUDA compute capability 8.0 or higher";
#   vLLM needs 7.5 or higher and, on ROCm, one of its listed targets (gfx90a,
#   gfx942, gfx950, gfx1100/1101, gfx1200/1201, gfx1150/1151), so V100 and the
#   V620 (gfx1030) are rejected for big-vllm, secret and plain, before any other
#   check (kind "engine").
# - secret and plain: gpt-oss-120b (native precision, 40 ms/token, 1500 ms TTFT)
#   in westeurope fit one 94 GB H100 NVL.  secret asks confidential: true: only
#   the confidential-computing NCC40ads_H100_v5 is offered, $8.90/h x 730 =
#   $6,497.00, every other size rejected "not a confidential-computing size".
#   plain never gets it (it used to, being $0.18/h cheaper): NC40ads_H100_v5,
#   $9.08/h x 730 = $6,628.40.
# Fleet: 74,284.80 + 42,048.00 + 6,497.00 + 6,628.40 = $129,458.20/month.
gpufit recommend --details tests/golden/recommend/inputs/deployable.yaml
