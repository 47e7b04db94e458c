gpufit analyze --input-format nvidia-smi tests/fixtures/telemetry/dcgm-legacy.prom
