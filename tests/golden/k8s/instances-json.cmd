# one replica of 6 model instances on 6 VMs (recommend: "6 VMs per replica, 6 instances of 1 GPU each") runs a pod per instance: a Deployment of 6 replicas asking for 1 GPU each, on a pool of min 6 nodes (tests/cli/k8s.sh asserts these from recommend's JSON)
gpufit -f json k8s examples/llm-70b-slo.yaml
