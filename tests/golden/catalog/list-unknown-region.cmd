gpufit catalog list --region eastuss
