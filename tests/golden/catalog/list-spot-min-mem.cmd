gpufit catalog list --min-gpu-memory 40GiB --region westus2 --pricing spot
