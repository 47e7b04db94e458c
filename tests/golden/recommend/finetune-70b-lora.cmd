gpufit recommend examples/finetune-70b-lora.yaml
