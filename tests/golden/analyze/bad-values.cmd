gpufit analyze tests/fixtures/telemetry/bad-values.prom tests/fixtures/telemetry/bad-fields.csv
