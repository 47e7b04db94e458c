# a replica across several VMs (5 with the current vLLM step) has no Deployment: skipped, exit 5, the (empty) rest still written
gpufit -f json k8s examples/llm-70b-slo.yaml
