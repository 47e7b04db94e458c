gpufit catalog show Standard_NC24ads_A100_v4 -f json
