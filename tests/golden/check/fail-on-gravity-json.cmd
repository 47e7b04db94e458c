gpufit check -f json --fail-on data-starved,data-gravity examples/data-wrong-region.yaml
