# A workload on an engine whose factors are unchecked (TGI): a recommendation
# as usual, and one warning that names the engine and the workload.
# By hand: the replica fits one A100 80GB; 1 x Standard_NC24ads_A100_v4, eastus
# payg 3.673/h x 1 VM x 730 h = $2,681.29 (catalog/prices.csv); its MIG plan
# costs the same, so it is not used.
gpufit recommend --details tests/golden/recommend/inputs/engine-tgi.yaml
