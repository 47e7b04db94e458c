gpufit analyze --input-format nvidia-smi --columns index,timestamp,utilization.gpu,memory.used --host gpu-box --sku Standard_NC48ads_A100_v4 --min-samples 1 tests/fixtures/telemetry/smi-columns.csv
