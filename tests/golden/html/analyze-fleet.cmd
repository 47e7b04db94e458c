# Nine GPUs and MIG instances, one per finding or more; html_check.py checks
# the totals, the per-finding sums and every p5/p50/p95 against `analyze -f json`.
gpufit analyze -f html tests/fixtures/telemetry/dcgm-legacy.prom tests/fixtures/telemetry/dcgm-new.prom tests/fixtures/telemetry/dcgm-oldns.prom
