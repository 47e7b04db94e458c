gpufit pack --region eastus --headroom 40 examples/small-fleet.yaml
