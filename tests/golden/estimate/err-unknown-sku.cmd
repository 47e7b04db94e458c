gpufit estimate --model llama-3-8b --sku Standard_ND96isr_H100
