gpufit analyze --metric DCGM_FI_PROF_GR_ENGINE_ACTIVE --min-samples 12 -f csv tests/fixtures/telemetry/query-noname.json
