gpufit --catalog tests/golden/pack/inputs/missing.db pack examples/small-fleet.yaml
