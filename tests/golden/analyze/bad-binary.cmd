gpufit analyze tests/fixtures/telemetry/bad-binary.prom
