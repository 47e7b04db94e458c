gpufit recommend --headroom 0 --top 0 -f csv examples/llm-70b-slo.yaml
