gpufit analyze --fail-on memory-bound,no-data tests/fixtures/telemetry/dcgm-legacy.prom > /dev/null
