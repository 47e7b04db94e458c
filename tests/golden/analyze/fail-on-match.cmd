gpufit analyze --fail-on idle,underused tests/fixtures/telemetry/dcgm-legacy.prom > /dev/null
