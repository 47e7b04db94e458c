gpufit validate tests/golden/profile/inputs/current-sku-no-prefix.yaml
