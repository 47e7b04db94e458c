gpufit estimate --model llama-3-8b --sku Standard_NC24ads_A100_v4 --concurrency 16 -f markdown
