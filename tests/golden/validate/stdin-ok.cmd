gpufit validate - < examples/finetune-70b-lora.yaml
