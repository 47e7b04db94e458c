gpufit analyze -f csv tests/fixtures/telemetry/dcgm-legacy.prom tests/fixtures/telemetry/dcgm-new.prom tests/fixtures/telemetry/dcgm-oldns.prom
