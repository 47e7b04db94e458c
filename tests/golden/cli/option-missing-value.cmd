gpufit catalog list --region
