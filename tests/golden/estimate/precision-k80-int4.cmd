gpufit estimate --model llama-3.2-1b --gpu K80-PCIe-12GB --precision int4
