# bills by hand (spot 0.444433/h, 730 h): vision-batch 3 VMs = 973.31, transcribe-batch
#   2 VMs = 648.87; pool and document 1,622.18
# independent expectation: tests/cli/k8s.sh checks this profile's pools and manifests against recommend -f json (tests/k8s/check_k8s.py) and validates them with kubernetes-models
gpufit -f json k8s examples/k8s-spot.yaml
