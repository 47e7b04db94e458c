# independent expectation: tests/cli/k8s.sh checks this profile's pools and manifests against recommend -f json (tests/k8s/check_k8s.py) and validates them with kubernetes-models
gpufit -f sh k8s examples/k8s-spot.yaml
