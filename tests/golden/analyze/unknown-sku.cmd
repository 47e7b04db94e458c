gpufit analyze --sku Standard_NC24ads_A100_v5 tests/fixtures/telemetry/smi-noheader.csv
