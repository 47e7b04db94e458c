# A failing budget gate ($4,139.10 > $1,000.00): the gate first, exit 1.
gpufit check -f html --max-monthly 1000 examples/small-fleet.yaml
