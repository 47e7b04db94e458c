gpufit catalog list --region indonesiacentral --pricing reserved-3y
