gpufit -f csv pack --strategy mixed examples/small-fleet.yaml
