gpufit analyze tests/fixtures/telemetry/query-noname.json
