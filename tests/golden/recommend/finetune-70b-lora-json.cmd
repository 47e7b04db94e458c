gpufit recommend -f json examples/finetune-70b-lora.yaml
