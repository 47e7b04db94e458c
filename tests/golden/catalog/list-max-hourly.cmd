gpufit catalog list --max-hourly 1 --region eastus
