gpufit analyze --region eastuss tests/fixtures/telemetry/smi-noheader.csv
