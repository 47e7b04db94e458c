gpufit recommend --details --pricing spot examples/llm-70b-slo.yaml
