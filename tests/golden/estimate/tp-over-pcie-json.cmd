gpufit estimate --model llama-3-8b --sku Standard_NC96ads_A100_v4 --engine vllm --input-tokens 512 --output-tokens 128 --concurrency 1 -f json
