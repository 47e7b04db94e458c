gpufit check --fail-on data-starved,data-gravity examples/data-starved-blob.yaml
