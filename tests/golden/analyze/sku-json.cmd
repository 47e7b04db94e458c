gpufit analyze -f json --sku Standard_NC24ads_A100_v4 --region westus2 --pricing spot tests/fixtures/telemetry/smi-noheader.csv
