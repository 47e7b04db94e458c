gpufit catalog show Standard_NC8ads_A10_v4 -f json
