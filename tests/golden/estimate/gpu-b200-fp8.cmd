# The fp8 twin of gpu-b200-fp4: 4500 dense FP8 TFLOPS, half the fp4 prompt
# rate (366,384.8 / 2 = 183,192.4 tokens/s).
gpufit estimate --model llama-2-7b --gpu B200-SXM-180GB --precision fp8 --engine tensorrt-llm --input-tokens 128 --output-tokens 1 --concurrency 1
