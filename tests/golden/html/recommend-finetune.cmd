# A training workload: job cost in the reasons, no MIG plan.
gpufit recommend -f html examples/finetune-70b-lora.yaml
