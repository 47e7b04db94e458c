gpufit catalog list --gpu H100 --max-hourly 0.01
