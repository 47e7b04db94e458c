# A passing gate.
gpufit check -f html --max-monthly 5000 examples/small-fleet.yaml
