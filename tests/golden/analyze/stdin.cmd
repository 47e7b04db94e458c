cat tests/fixtures/telemetry/dcgm-legacy.prom | gpufit analyze -f csv -
