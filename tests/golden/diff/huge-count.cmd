# vm_count 1e30 is not converted to an integer (undefined): a bad-input error, exit 3
gpufit diff tests/golden/diff/inputs/base.json tests/golden/diff/inputs/huge-count.json
