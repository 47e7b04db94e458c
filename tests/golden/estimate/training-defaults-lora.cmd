# The MFU printed is the one the hours are computed with: train_mfu of an
# Ampere GPU 0.5 x train_finetune_mfu_scale 0.75 = 0.375, undiluted on one GPU
# (no gradient traffic to expose).  hours = 1e8 x flops per token / (peak x
# 0.375) / 3600, flops per token 4 x P (LoRA) + 12 x layers x hidden x seq.
gpufit estimate --model llama-3-8b --gpu A100-SXM-80GB --mode training --method lora --tokens 1e8
