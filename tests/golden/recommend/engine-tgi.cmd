# A workload on an engine whose factors are unchecked (TGI): a recommendation
# as usual, and one warning that names the engine and the workload.
gpufit recommend --details tests/golden/recommend/inputs/engine-tgi.yaml
