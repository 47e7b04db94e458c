gpufit recommend --pricing spot examples/llm-70b-slo.yaml
