# --attention needs --expert-parallel: a usage error (exit 2).
gpufit estimate --model qwen3-235b-a22b --gpu H200-SXM-141GB --gpus 8 --attention data-parallel
