gpufit catalog list --max-hourly -3
