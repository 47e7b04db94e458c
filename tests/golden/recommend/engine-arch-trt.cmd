# Engines limited by GPU architecture (catalog/engine_support.csv; the GPUs'
# targets in catalog/gpu_models.csv, developer.nvidia.com/cuda-gpus):
# TensorRT-LLM supports Ampere and later, compute capability 8.0 or higher
# (nvidia.github.io/TensorRT-LLM supported-hardware, read 2026-12-07); vLLM
# 7.5 or higher (docs.vllm.ai v0.31.0 GPU installation).  Two copies of one
# small service in eastus:
# - small-vllm runs on a T4 (7.5): alone 1 x NC4as_T4_v3, 0.526 x 730 = $383.98;
# - small-trt may not (T4 7.5 < 8.0; V100 7.0 too): every T4 size is rejected
#   "tensorrt-llm needs CUDA compute capability 8.0 or higher; T4-PCIe-16GB is
#   7.5" (kind engine), so alone its cheapest is an A10 (8.6), NV36ads_A10_v5
#   3.20 x 730 = $2,336.00.
# Both fit a 1g.10gb slice: the MIG plan is one NC24ads_A100_v4, 3.673 x 730 =
# $2,681.29 < 2,336.00 + 383.98 = 2,719.98, split by what each costs alone:
# 268,129 cents x 233,600 / 271,998 = 230,277.19 -> $2,302.77 and x 38,398 /
# 271,998 = 37,851.81 -> 378.51 + the leftover cent = $378.52 (sum 2,681.29).
# k8s then puts both on the MIG pool's nvidia.com/mig-1g.10gb, never on a T4.
cd "$SCRATCH" || exit 99
cat > p.yaml <<'YAML'
gpufit: 1
region: eastus
workloads:
  - name: small-trt
    type: inference
    model: llama-3.2-1b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4, engine: tensorrt-llm }
  - name: small-vllm
    type: inference
    model: llama-3.2-1b
    serving: { input_tokens: 512, output_tokens: 128, concurrency: 4, engine: vllm }
YAML
gpufit recommend p.yaml 2>/dev/null | grep -E '^(==|recommendation|  - MIG plan)'
gpufit -f json recommend p.yaml 2>/dev/null |
	jq -r '.workloads[] | "\(.name): " + ([.rejected[] | select(.kind == "engine") | "\(.sku) \(.reason)"] | join("; "))'
gpufit -f json k8s p.yaml 2>/dev/null | jq -c '[.node_pools[] | {name, sku, mig_profile, workloads, monthly_cost}], .monthly_cost'
