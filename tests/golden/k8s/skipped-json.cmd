# a replica across several VMs (6 with the current vLLM step and its per-sequence cost) has no Deployment: skipped, exit 5, the (empty) rest still written
gpufit -f json k8s examples/llm-70b-slo.yaml
