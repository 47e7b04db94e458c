# llama-3-8b has an 8192-token context: 9000 + 256 = 9256 tokens do not fit,
# an input error (exit 3) naming the limit, as a profile's serving section is.
gpufit estimate --model llama-3-8b --gpu A10-PCIe-24GB --input-tokens 9000
