# pack -f csv: a pool row's VMs are in vm_count, not in vm (a slice's index);
# an unplaced replica's row carries the reason the table and JSON give
# (unplaced-table has the same text).
gpufit -f csv pack tests/golden/pack/inputs/unplaced.yaml
