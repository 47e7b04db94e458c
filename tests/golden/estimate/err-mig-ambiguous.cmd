gpufit estimate --model llama-3-8b --mig 1g.10gb
