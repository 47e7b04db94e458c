gpufit recommend -f json examples/small-fleet.yaml
