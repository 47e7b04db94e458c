gpufit analyze tests/fixtures/telemetry/hostile-label.prom
