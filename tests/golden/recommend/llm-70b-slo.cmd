gpufit recommend examples/llm-70b-slo.yaml
