gpufit recommend --details examples/finetune-70b-lora.yaml
