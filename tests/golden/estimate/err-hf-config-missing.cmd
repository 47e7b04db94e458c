gpufit estimate --hf-config tests/fixtures/hf_config/no-such.json --gpu H100-SXM-80GB
