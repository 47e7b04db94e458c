# nested past cJSON's 1000 levels: said so, not 'truncated file?'
gpufit analyze tests/fixtures/telemetry/deep.json
