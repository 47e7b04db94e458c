# transformers keeps attention tensor-parallel under expert parallelism
# (engine_dp_attention transformers 0): asking for it data-parallel is
# refused naming the engines that do (exit 3, as an engine without expert
# parallelism is).
gpufit estimate --model qwen3-30b-a3b --gpu H100-SXM-80GB --gpus 2 --precision bf16 --engine transformers --expert-parallel --attention data-parallel
