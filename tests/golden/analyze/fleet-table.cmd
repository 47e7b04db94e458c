gpufit analyze tests/fixtures/telemetry/dcgm-legacy.prom tests/fixtures/telemetry/dcgm-new.prom tests/fixtures/telemetry/dcgm-oldns.prom
