gpufit estimate --hf-config tests/fixtures/hf_config/gpt-oss-120b.json --model gpt-oss-120b --gpu H100-SXM-80GB
