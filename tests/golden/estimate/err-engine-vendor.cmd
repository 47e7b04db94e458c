# TensorRT-LLM runs on NVIDIA GPUs only (catalog/engine_support.csv, from its
# supported-hardware page): an estimate of it on an AMD MI300X has no answer,
# so it is an input error (exit 3) naming the engine, the GPU and its vendor,
# as for an engine without expert parallelism.  --sku resolves the same GPU.
gpufit estimate --model llama-3-8b --gpu MI300X-OAM-192GB --engine tensorrt-llm
echo "rc=$?"
gpufit estimate --model llama-3-8b --sku Standard_ND96isr_MI300X_v5 --engine tensorrt-llm
echo "rc=$?"
# vLLM runs on AMD ROCm: the same GPU is sized
gpufit estimate --model llama-3-8b --gpu MI300X-OAM-192GB --engine vllm >/dev/null
echo "rc=$?"
