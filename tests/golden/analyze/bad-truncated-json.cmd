gpufit analyze tests/fixtures/telemetry/bad-truncated.json
