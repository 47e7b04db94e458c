gpufit analyze tests/fixtures/telemetry/bad-wrong.yaml
