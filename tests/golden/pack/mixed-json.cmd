gpufit -f json pack --strategy mixed examples/small-fleet.yaml
