gpufit catalog list --include-retired --gpu K80 --region eastus
