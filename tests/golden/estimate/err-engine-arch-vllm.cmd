# An engine runs only on the architectures its documentation supports
# (catalog/engine_support.csv, GPUs' targets in catalog/gpu_models.csv):
#   vLLM: NVIDIA compute capability 7.5 or higher (docs.vllm.ai v0.31.0 GPU
#   installation); V100 is 7.0 and K80 3.7 (developer.nvidia.com cuda-legacy-gpus)
#   -> input error, exit 3, naming the limit;
#   vLLM on ROCm: MI200s gfx90a, MI300 gfx942, MI350 gfx950, Radeon gfx1100/1101/
#   1200/1201, Ryzen AI gfx1150/1151 only; the Radeon PRO V620 is gfx1030 -> exit 3;
#   TensorRT-LLM: Ampere (8.0) and later; T4 is 7.5 -> exit 3;
#   T4 at 7.5 meets vLLM's 7.5 -> sized (exit 0); llama.cpp (5.0 or higher, its
#   CUDA CMakeLists) runs on V100 -> exit 0.
gpufit estimate --model llama-3-8b --gpu V100-SXM2-32GB --engine vllm
echo "rc=$?"
gpufit estimate --model llama-3.2-1b --gpu K80-PCIe-12GB
echo "rc=$?"
gpufit estimate --model llama-3-8b --gpu V620-PCIe-32GB --engine vllm
echo "rc=$?"
gpufit estimate --model llama-3-8b --gpu T4-PCIe-16GB --engine tensorrt-llm
echo "rc=$?"
gpufit estimate --model llama-3.2-1b --gpu T4-PCIe-16GB --engine vllm >/dev/null
echo "rc=$?"
gpufit estimate --model llama-3-8b --gpu V100-SXM2-32GB --engine llama.cpp >/dev/null
echo "rc=$?"
