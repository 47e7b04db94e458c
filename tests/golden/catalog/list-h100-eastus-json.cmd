gpufit catalog list --gpu H100 --region eastus -f json
