gpufit recommend --details examples/llm-70b-slo.yaml
