# transformers has no data-parallel attention, so asking for it is refused
# at any GPU count, one included (exit 3), as an engine without expert
# parallelism is.
gpufit estimate --model mixtral-8x7b --gpu H200-SXM-141GB --gpus 1 --precision bf16 --engine transformers --expert-parallel --attention data-parallel
