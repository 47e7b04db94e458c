gpufit -f markdown pack --strategy mixed examples/small-fleet.yaml
