gpufit estimate --model llama-2-7b --gpu P40-PCIe-24GB --precision int4 --engine llama.cpp --input-tokens 512 --output-tokens 128 --concurrency 1
