gpufit analyze --fail-on idel tests/fixtures/telemetry/dcgm-legacy.prom
