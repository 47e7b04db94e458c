gpufit analyze --idle-below 10 --underused-below 20 tests/fixtures/telemetry/smi-noheader.csv
