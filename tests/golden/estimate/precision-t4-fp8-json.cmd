gpufit estimate --model llama-3-8b --gpu T4-PCIe-16GB --precision fp8 -f json
