# pack shows recommend's fleet, so it keeps recommend's deployability rules
# (tests/golden/recommend/deployable.cmd): secret (confidential: true) may only
# have the confidential NCC40ads_H100_v5, $8.90/h x 730 h = $6,497.00 (no
# confidential size has MIG); plain never gets it: an NC40ads_H100_v5 of its own,
# $9.08/h x 730 = $6,628.40.  The 405B workloads are on whole 8-GPU VMs:
# big-trt (TensorRT-LLM, NVIDIA only) an ND96isr_H200_v5 at $101.76/h x 730 =
# $74,284.80, big-vllm an ND96isr_MI300X_v5 at $57.60/h x 730 = $42,048.00.
# Fleet: 6,497.00 + 6,628.40 + 74,284.80 + 42,048.00 = $129,458.20.
gpufit pack tests/golden/recommend/inputs/deployable.yaml
