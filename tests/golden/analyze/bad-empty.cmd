gpufit analyze tests/fixtures/telemetry/bad-empty.prom
