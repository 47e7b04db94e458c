gpufit analyze tests/fixtures/telemetry/no-such-file.prom
