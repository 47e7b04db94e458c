gpufit pack --headroom -5 examples/small-fleet.yaml
