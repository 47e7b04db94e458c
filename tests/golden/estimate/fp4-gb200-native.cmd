# fp4 on Blackwell is native: 8,190,735,000 x 0.5625 B = 4.29 GiB of weights.
gpufit estimate --model qwen3-8b --gpu GB200-NVL72-186GB --precision fp4 --concurrency 8
