gpufit recommend --explain NC4as_T4_v3 examples/llm-70b-slo.yaml
