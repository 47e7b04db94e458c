gpufit estimate --model llama-3-8b --gpu T4-PCIe-16GB --mig 1g.10gb
