# A micro-batch is per data-parallel replica: its tp x pp GPUs share the
# same 16 sequences, and the activations, the checkpoints of full
# recomputation too, are split over the 8 tensor-parallel ranks (sequence
# parallelism).  By hand (test_training_tp_activations): (80 x (2 x 4096 x
# 16 x 8192 / 8 + 34 x 4096 x 16 x 8192 / (8 x 80)) + 4 x 4096 x 16 x
# 128256 / 8) x 1.10 = 17.64 GiB a GPU; the states under ZeRO-1 at tp 8 x
# data 8: 2 x 70.55e9 / 8 = 16.43 GiB weights and as much gradients, 12 x
# 70.55e9 / 8 / 8 = 12.32 GiB optimizer; + 1 GiB overhead = 63.82 of 75.67.
# (The checkpoints unsplit made it 94.64 GiB at tp 8 x pp 8: no fit.)
gpufit estimate --mode training --model llama-3.1-70b --gpu H100-SXM-80GB --gpus 64 --micro-batch 16 --framework megatron --zero-stage 1
