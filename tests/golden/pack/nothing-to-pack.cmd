# examples/pretrain-7b.yaml has no MIG candidate: nothing to pack; its one
# training workload is whole VMs, 5 x Standard_ND96asr_v4, 27.197/h x 5 VMs x
# 208.658 h = $28,374.37 (eastus payg, catalog/prices.csv;
# recommend/pretrain-7b).
gpufit pack examples/pretrain-7b.yaml
