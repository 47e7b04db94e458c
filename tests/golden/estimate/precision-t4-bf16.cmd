gpufit estimate --model llama-3.2-3b --gpu T4-PCIe-16GB --precision bf16
