gpufit catalog list --gpu A10 --region eastus
