gpufit recommend -f json examples/llm-70b-slo.yaml
